import Foundation
import ImageCodec
import Networking
import Synchronization

/// Photos for the feed: decoded, downsampled images in a memory LRU with a byte limit; encoded
/// files in a disk LRU with Cache-Control/ETag freshness; one download per URL however many rows
/// ask, cancelled when none wants it any more, visible rows first, a limited number at once.
/// Decoding runs on a few threads of its own (never the concurrency pool), each photo within
/// the decoder's budget, a cancelled photo's decode dropped or stopped between rows.
public final class ImagePipeline: Sendable {
    private let memory: MemoryImageCache
    private let disk: DiskImageCache?
    private let metricsRecorder = MetricsRecorder()
    private let coordinator: LoadCoordinator
    private let originals: OriginalFiles
    /// The download slots (tests look at their use).
    let slots: DownloadSlots

    /// The decode threads and their queue (tests look at their use).
    let worker: DecodeWorker

    /// Creates a pipeline that fetches with `transport`.
    public convenience init(configuration: ImagePipelineConfiguration = ImagePipelineConfiguration(), transport: any PhotoTransport) {
        self.init(configuration: configuration, transport: transport, decode: nil)
    }

    /// A pipeline whose decodes run `decode` on the worker threads instead of the decoder (tests).
    init(configuration: ImagePipelineConfiguration, transport: any PhotoTransport, decode: DecodeWorker.Work?) {
        memory = MemoryImageCache(limitBytes: configuration.memoryLimitBytes)
        disk = configuration.diskDirectory.map {
            DiskImageCache(
                directory: $0, limitBytes: configuration.diskLimitBytes, entryLimit: configuration.diskEntryLimit,
                maxPhotoBytes: configuration.maxPhotoBytes)
        }
        slots = DownloadSlots(limit: configuration.maxConcurrentDownloads)
        let source = PhotoSource(
            disk: disk, transport: transport, slots: slots, metrics: metricsRecorder,
            maxPhotoBytes: configuration.maxPhotoBytes, now: configuration.now)
        let decoder = configuration.decoder
        let metrics = metricsRecorder
        worker = DecodeWorker(
            threads: configuration.decodeThreads, queueLimit: configuration.maxQueuedDecodes,
            byteLimit: configuration.maxQueuedDecodeBytes
        ) { data, size, cancellation in
            let clock = ContinuousClock()
            let start = clock.now
            let result = decode?(data, size, cancellation) ?? Result { () throws(ImageCodecError) in
                try decoder.decode(data, to: size, cancellation: cancellation)
            }
            let elapsed = clock.now - start
            if case .success = result {
                metrics.record {
                    $0.decodes += 1
                    $0.decodeTime += elapsed
                }
            }
            return result
        }
        coordinator = LoadCoordinator(source: source, memory: memory, worker: worker, metrics: metricsRecorder)
        originals = OriginalFiles(
            directory: configuration.diskDirectory?.appendingPathComponent("originals", isDirectory: true), keep: configuration.originalFileLimit)
    }

    /// Creates a pipeline that fetches with the app's HTTP client.
    public convenience init(configuration: ImagePipelineConfiguration = ImagePipelineConfiguration(), client: any HTTPClient) {
        self.init(configuration: configuration, transport: HTTPPhotoTransport(client: client))
    }

    /// The image if it is in memory now; never loads. For drawing a frame.
    public func cachedImage(for request: ImageRequest) -> RGBImage? {
        guard let image = memory.image(for: request.key) else { return nil }
        metricsRecorder.record { $0.memoryHits += 1 }
        return image
    }

    /// Starts loading `request` for one asker. `completion` runs once, on an unspecified thread:
    /// at once when the image is in memory, else when it is decoded or failed. Not after
    /// `cancel()` on the token, unless it was already running.
    public func load(_ request: ImageRequest, completion: @escaping @Sendable (Result<RGBImage, ImageLoadError>) -> Void) -> ImageLoadToken {
        if let problem = Self.problem(with: request) {
            completion(.failure(problem))
            return ImageLoadToken(key: request.key, askerID: 0, coordinator: nil)
        }
        if let image = cachedImage(for: request) {
            completion(.success(image))
            return ImageLoadToken(key: request.key, askerID: 0, coordinator: nil)
        }
        metricsRecorder.record { $0.memoryMisses += 1 }
        let askerID = coordinator.join(request, completion: completion)
        return ImageLoadToken(key: request.key, askerID: askerID, coordinator: coordinator)
    }

    /// The image for `request`; cancelling the calling task drops this asker.
    public func image(for request: ImageRequest) async throws(ImageLoadError) -> RGBImage {
        let once = ResumeOnce()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                once.set(continuation)
                let token = load(request) { once.resume($0) }
                once.set(token)
            }
        } onCancel: {
            once.cancel()
        }
        return try result.get()
    }

    /// The photo at `url` as a file of its own (for a viewer): its bytes come through the disk
    /// cache (a fresh copy is not downloaded again) within the same limits, then are written to a
    /// private file named from the address. Calls for one address while it is made share it.
    public func originalFile(for url: URL) async throws(ImageLoadError) -> URL {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidRequest("\(url.absoluteString) is not an http(s) address")
        }
        return try await originals.file(for: url) { [coordinator] in await coordinator.bytes(of: url, priority: .visible) }
    }

    /// Empties memory and disk and cancels every load (logout: the next user sees nothing).
    public func removeAll() async {
        coordinator.cancelAll()
        memory.removeAll()
        disk?.removeAll()
        originals.removeAll()
    }

    /// What the pipeline did and holds now.
    public func metrics() -> ImagePipelineMetrics {
        var snapshot = metricsRecorder.snapshot
        let memoryUsage = memory.usage
        snapshot.memoryBytes = memoryUsage.bytes
        snapshot.memoryCount = memoryUsage.count
        snapshot.memoryLimitBytes = memory.limitBytes
        if let disk {
            let diskUsage = disk.usage
            snapshot.diskBytes = diskUsage.bytes
            snapshot.diskCount = diskUsage.count
            snapshot.diskLimitBytes = disk.limitBytes
            snapshot.diskProblem = diskUsage.problem
        }
        return snapshot
    }

    /// The disk cache (tests).
    var diskCache: DiskImageCache? { disk }

    /// The photos' own files (tests).
    var originalFiles: OriginalFiles { originals }

    /// Jobs and byte loads under way (tests).
    var activity: (jobs: Int, loads: Int) { coordinator.activity }

    private static func problem(with request: ImageRequest) -> ImageLoadError? {
        guard request.size.width > 0, request.size.height > 0, request.size.pixelCount <= 4_000_000 else {
            return .invalidRequest("the size \(request.size) is empty or too large")
        }
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .invalidRequest("\(request.url.absoluteString) is not an http(s) address")
        }
        return nil
    }
}
