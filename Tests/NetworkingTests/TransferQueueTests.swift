@testable import Networking
import Testing

@Suite("TransferQueue: the limits per origin and in all")
struct TransferQueueTests {
    private final class Item {
        let name: String
        init(_ name: String) { self.name = name }
    }

    private func add(_ queue: inout TransferQueue<Item>, _ name: String, _ origin: String, first: Bool = false) -> Item {
        let item = Item(name)
        queue.append(item, id: ObjectIdentifier(item), origin: origin, first: first)
        return item
    }

    private func drain(_ queue: inout TransferQueue<Item>) -> [String] {
        var started: [String] = []
        while let (item, _) = queue.next() { started.append(item.name) }
        return started
    }

    @Test func anOriginGetsAtMostItsLimitAndTheRestWaitInOrder() {
        var queue = TransferQueue<Item>(perOrigin: 2, total: 10)
        for index in 0..<5 { _ = add(&queue, "a\(index)", "A") }
        #expect(drain(&queue) == ["a0", "a1"])
        #expect(queue.waitingCount == 3)
        queue.finished("A")
        #expect(drain(&queue) == ["a2"])
    }

    @Test func aFullOriginDoesNotHoldUpAnother() {
        var queue = TransferQueue<Item>(perOrigin: 1, total: 10)
        _ = add(&queue, "a0", "A")
        _ = add(&queue, "a1", "A")
        _ = add(&queue, "b0", "B")
        #expect(drain(&queue) == ["a0", "b0"])
    }

    @Test func theTotalLimitHoldsAcrossOrigins() {
        var queue = TransferQueue<Item>(perOrigin: 5, total: 3)
        for origin in ["A", "B", "C", "D"] { _ = add(&queue, origin, origin) }
        #expect(drain(&queue) == ["A", "B", "C"])
        #expect(queue.runningCount == 3)
        queue.finished("B")
        #expect(drain(&queue) == ["D"])
    }

    @Test func apiCallsStartBeforePhotosWaitingForTheSameOrigin() {
        var queue = TransferQueue<Item>(perOrigin: 1, total: 10)
        _ = add(&queue, "photo0", "A")
        _ = add(&queue, "photo1", "A")
        _ = add(&queue, "page", "A", first: true)
        #expect(drain(&queue) == ["page"])
        queue.finished("A")
        #expect(drain(&queue) == ["photo0"])
    }

    @Test func photosLeaveTheReservedPlacesToAPICalls() {
        var queue = TransferQueue<Item>(perOrigin: 3, total: 10, reservedForFirst: 2)
        for index in 0..<3 { _ = add(&queue, "photo\(index)", "A") }
        #expect(drain(&queue) == ["photo0"])
        _ = add(&queue, "page", "A", first: true)
        _ = add(&queue, "likes", "A", first: true)
        _ = add(&queue, "more", "A", first: true)
        #expect(drain(&queue) == ["page", "likes"])
        queue.finished("A")
        #expect(drain(&queue) == ["more"])
    }

    @Test func aRemovedItemNeverStarts() {
        var queue = TransferQueue<Item>(perOrigin: 1, total: 10)
        _ = add(&queue, "a0", "A")
        let gone = add(&queue, "a1", "A")
        _ = add(&queue, "a2", "A")
        #expect(drain(&queue) == ["a0"])
        #expect(queue.remove(ObjectIdentifier(gone))?.name == "a1")
        #expect(queue.remove(ObjectIdentifier(gone)) == nil)
        queue.finished("A")
        #expect(drain(&queue) == ["a2"])
        #expect(queue.removeAll().isEmpty)
    }
}
