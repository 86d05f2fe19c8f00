import Dispatch
import Foundation
import ImageCodec

/// Generated JPEGs by post and width: a byte-bounded LRU, one render per key at a time (callers
/// asking for a photo being rendered wait for it), and at most two renders at once, off the
/// Swift concurrency pool.
actor PhotoStore {
    /// One photo at one width.
    struct Key: Hashable, Sendable {
        var id: String
        var width: Int
    }

    private struct Entry {
        var jpeg: Data
        var used: UInt64
    }

    let maxBytes: Int
    let maxEntries: Int
    private let maxRenders = 2
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private var tick: UInt64 = 0
    private var inFlight: [Key: Task<Data?, Never>] = [:]
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// How many photos were rendered and encoded (cache misses), for tests.
    private(set) var renders = 0

    init(maxBytes: Int = 32 << 20, maxEntries: Int = 512) {
        self.maxBytes = maxBytes
        self.maxEntries = maxEntries
    }

    /// How many times wider than a rendition its picture is drawn before it is averaged down.
    static let supersampling = 2

    /// The JPEG of `scene` at `width` × `height`, from the cache or rendered now; nil when the
    /// encoder failed. With `original` (the photo's full size, wider than `width`), the picture is
    /// drawn `supersampling` times wider (at most the original) and area-averaged down, as a CDN
    /// makes its renditions from a larger image: its edges and grain average out as the original's
    /// do (drawing the original itself costs a second a photo in a debug build).
    func jpeg(_ key: Key, height: Int, scene: PhotoScene, original: PixelSize? = nil) async -> Data? {
        tick += 1
        if var entry = entries[key] {
            entry.used = tick
            entries[key] = entry
            return entry.jpeg
        }
        if let task = inFlight[key] { return await task.value }
        let task = Task { await self.render(key, height: height, scene: scene, original: original) }
        inFlight[key] = task
        let jpeg = await task.value
        inFlight[key] = nil
        if let jpeg { insert(key, jpeg) }
        return jpeg
    }

    /// How many photos are cached and their bytes.
    var usage: (count: Int, bytes: Int) { (entries.count, bytes) }

    private func render(_ key: Key, height: Int, scene: PhotoScene, original: PixelSize?) async -> Data? {
        while running >= maxRenders {
            await withCheckedContinuation { waiting.append($0) }
        }
        running += 1
        renders += 1
        let jpeg = await withCheckedContinuation { (continuation: CheckedContinuation<Data?, Never>) in
            DispatchQueue.global(qos: .userInitiated).async {
                let image: RGBImage
                if let original, original.width > key.width, original.pixelCount <= 16_000_000 {
                    // Drawn at twice the width (or the original's, if smaller), then averaged down.
                    let width = min(original.width, key.width * Self.supersampling)
                    let drawn = PixelSize(width: width, height: max(1, (original.height * width + original.width / 2) / original.width))
                    image = scene.render(width: drawn.width, height: drawn.height).resized(to: PixelSize(width: key.width, height: height))
                } else {
                    image = scene.render(width: key.width, height: height)
                }
                continuation.resume(returning: try? JPEGEncoder(quality: 80).encode(image))
            }
        }
        running -= 1
        if !waiting.isEmpty { waiting.removeFirst().resume() }
        return jpeg
    }

    private func insert(_ key: Key, _ jpeg: Data) {
        guard jpeg.count <= maxBytes else { return }
        if let old = entries[key] { bytes -= old.jpeg.count }
        entries[key] = Entry(jpeg: jpeg, used: tick)
        bytes += jpeg.count
        while bytes > maxBytes || entries.count > maxEntries {
            guard let oldest = entries.min(by: { $0.value.used < $1.value.used }) else { break }
            bytes -= oldest.value.jpeg.count
            entries[oldest.key] = nil
        }
    }
}
