import ImageCodec
import Synchronization

/// Decoded images in least-recently-used order, never holding more pixel bytes than its limit.
final class MemoryImageCache: Sendable {
    private struct State {
        var index = LRUIndex<ImageKey, RGBImage>()
        var generation = 0
    }

    /// The most bytes of pixels held.
    let limitBytes: Int
    private let state = Mutex(State())

    init(limitBytes: Int) {
        self.limitBytes = limitBytes
    }

    /// The image for `key`, made the most recently used.
    func image(for key: ImageKey) -> RGBImage? {
        state.withLock { $0.index.value(for: key) }
    }

    /// Bumped by `removeAll()`; an insert made for an older generation is dropped.
    var generation: Int { state.withLock { $0.generation } }

    /// Stores `image`, evicting the least recently used until the total fits the limit. An image
    /// larger than the whole limit, or decoded before the last `removeAll()`, is not kept.
    func insert(_ image: RGBImage, for key: ImageKey, generation: Int) {
        guard image.byteCount <= limitBytes else { return }
        state.withLock { state in
            guard state.generation == generation else { return }
            state.index.insert(image, for: key, cost: image.byteCount)
            while state.index.totalCost > limitBytes, state.index.removeOldest() != nil {}
        }
    }

    /// Empties the cache.
    func removeAll() {
        state.withLock { state in
            state.index.removeAll()
            state.generation += 1
        }
    }

    /// Bytes and images held now.
    var usage: (bytes: Int, count: Int) {
        state.withLock { ($0.index.totalCost, $0.index.count) }
    }
}
