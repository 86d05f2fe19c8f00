/// Keys in least-recently-used order with a cost each: O(1) lookup, touch, insert and eviction.
struct LRUIndex<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var older: Int
        var newer: Int
    }

    private var nodes: [Node?] = []
    private var slots: [Key: Int] = [:]
    private var freeSlots: [Int] = []
    private var oldest = -1
    private var newest = -1
    /// The sum of the costs of every entry.
    private(set) var totalCost = 0

    /// The number of entries.
    var count: Int { slots.count }

    /// The value for `key`, made the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return nodes[slot]?.value
    }

    /// The value for `key`, leaving the order as it is.
    func peek(_ key: Key) -> Value? {
        slots[key].flatMap { nodes[$0]?.value }
    }

    /// Stores `value` as the most recently used, replacing any entry for `key`.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        let node = Node(key: key, value: value, cost: cost, older: -1, newer: -1)
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        slots[key] = slot
        totalCost += cost
        linkAsNewest(slot)
    }

    /// Removes the entry for `key` and returns its value.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let slot = slots.removeValue(forKey: key), let node = nodes[slot] else { return nil }
        unlink(slot)
        nodes[slot] = nil
        freeSlots.append(slot)
        totalCost -= node.cost
        return node.value
    }

    /// Removes and returns the least recently used entry.
    mutating func removeOldest() -> (key: Key, value: Value)? {
        guard oldest >= 0, let node = nodes[oldest] else { return nil }
        remove(node.key)
        return (node.key, node.value)
    }

    /// Every key, least recently used first.
    var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var slot = oldest
        while slot >= 0, let node = nodes[slot] {
            keys.append(node.key)
            slot = node.newer
        }
        return keys
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = LRUIndex()
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if node.older >= 0 { nodes[node.older]?.newer = node.newer } else { oldest = node.newer }
        if node.newer >= 0 { nodes[node.newer]?.older = node.older } else { newest = node.older }
        nodes[slot]?.older = -1
        nodes[slot]?.newer = -1
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot]?.older = newest
        nodes[slot]?.newer = -1
        if newest >= 0 { nodes[newest]?.newer = slot } else { oldest = slot }
        newest = slot
    }
}
