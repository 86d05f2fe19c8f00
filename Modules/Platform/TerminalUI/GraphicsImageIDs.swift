/// The kitty image ids a writer has sent pixels for: one per key, at most `limit` kept (the
/// least recently placed freed first), so the terminal holds a bounded number of images.
struct GraphicsImageIDs {
    let limit: Int
    private var ids: [String: UInt32] = [:]
    private var order: [String] = []
    private var next: UInt32 = 1

    init(limit: Int = 64) {
        self.limit = max(1, limit)
    }

    /// The id of `key`; whether its pixels must be sent now; the id whose pixels to free, if any.
    mutating func id(for key: String) -> (id: UInt32, isNew: Bool, evicted: UInt32?) {
        if let id = ids[key] {
            order.removeAll { $0 == key }
            order.append(key)
            return (id, false, nil)
        }
        var evicted: UInt32?
        if order.count >= limit {
            let oldest = order.removeFirst()
            evicted = ids.removeValue(forKey: oldest)
        }
        let id = next
        next = next == UInt32.max ? 1 : next + 1
        ids[key] = id
        order.append(key)
        return (id, true, evicted)
    }
}
