import ImageCodec
import Synchronization

/// The BlurHashes a screen decoded for its photo boxes, kept so a frame does not decode them again
/// (a 96×240 box takes 1.6 ms for a 4×3 hash, 3.3 ms for 9×9). One per screen; the latest
/// `capacity` boxes are kept. Two are equal only when they are the same cache.
public final class PhotoPlaceholders: Hashable, Sendable {
    private struct Key: Hashable {
        let hash: String
        let width: Int
        let height: Int
    }

    private struct Store {
        var images: [Key: RGBImage] = [:]
        var order: [Key] = []
    }

    /// How many decoded boxes are kept.
    public let capacity: Int
    private let store = Mutex(Store())

    /// A cache of the latest `capacity` boxes (at least 1).
    public init(capacity: Int = 48) { self.capacity = max(1, capacity) }

    /// `hash` decoded to `width` × `height` pixels, from the cache when it was decoded before.
    public func image(of hash: BlurHash, text: String, width: Int, height: Int) -> RGBImage {
        let key = Key(hash: text, width: width, height: height)
        if let image = store.withLock({ $0.images[key] }) { return image }
        let image = hash.decode(width: width, height: height)
        store.withLock { store in
            if store.images.updateValue(image, forKey: key) == nil { store.order.append(key) }
            if store.order.count > capacity {
                let gone = store.order.removeFirst()
                store.images[gone] = nil
            }
        }
        return image
    }

    /// How many boxes are kept now.
    public var count: Int { store.withLock { $0.images.count } }

    public static func == (lhs: PhotoPlaceholders, rhs: PhotoPlaceholders) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
