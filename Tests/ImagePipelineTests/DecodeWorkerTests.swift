import Foundation
import ImageCodec
import ImageCodecTesting
import Networking
import Synchronization
import Testing
import TestingSupport

@testable import ImagePipeline

@Suite("ImagePipeline: decodes run on their own bounded worker, off the pool, and can be cancelled")
struct DecodeWorkerTests {
    let size = PixelSize(width: 16, height: 16)

    @Test("a decode runs on a worker thread, not on the concurrency pool")
    func workerThread() async throws {
        let server = try PhotoServer()
        let url = server.serve("/ok.jpg", .init(body: TestPhotos.green))
        let seen = Mutex<[String]>([])
        let pipeline = Self.pipeline(server) { data, size, cancellation in
            seen.withLock { $0.append(Self.threadName()) }
            return Result { () throws(ImageCodecError) in try JPEGDecoder().decode(data, to: size, cancellation: cancellation) }
        }
        let poolThread = await Task.detached { Self.threadName() }.value
        #expect(poolThread != DecodeWorker.threadName)
        #expect(try await pipeline.image(for: ImageRequest(url: url, size: size)).dominant == "green")
        #expect(seen.withLock { $0 } == [DecodeWorker.threadName])
        // The thread ends once nothing waits.
        #expect(await eventually { pipeline.worker.usage.threads == 0 })
    }

    @Test("the attacker's photo fails within budget as undecodable and is kept nowhere; a progressive photo loads")
    func hostilePhoto() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try PhotoServer()
        let hostile = server.serve("/hostile.jpg", .init(body: ProgressiveJPEG.make(width: 6320, height: 6320, scans: 299)))
        let progressive = try JPEGEncoder(progressive: true).encode(RGBImage(width: 800, height: 600, red: 20, green: 230, blue: 20))
        let good = server.serve("/progressive.jpg", .init(body: progressive))
        let pipeline = makePipeline(server, disk: directory.cache)
        do {
            _ = try await pipeline.image(for: ImageRequest(url: hostile, size: size))
            Issue.record("the hostile photo decoded")
        } catch {
            guard case .undecodable(.overBudget(_, limit: 32 << 20)) = error else {
                Issue.record("expected undecodable(overBudget), got \(error)")
                return
            }
            #expect(!error.isTransient)
        }
        #expect(try await pipeline.image(for: ImageRequest(url: good, size: size)).dominant == "green")
        #expect(pipeline.metrics().diskCount == 1, "only the good photo is on disk")
    }

    @Test("8 decodes that never end hold 2 threads and a queue of 6; the pool answers; cancelling drops the queued ones unrun")
    func hostileDecodesLeaveThePoolFree() async throws {
        let server = try PhotoServer()
        let blocker = Blocker()
        let pipeline = Self.pipeline(server) { _, size, cancellation in
            blocker.record(size)
            return blocker.run(cancellation)
        }
        var tokens: [Int: ImageLoadToken] = [:]
        let deliveries = Deliveries()
        for index in 0..<8 {
            // A width of its own, so the blocker knows which photo it holds.
            let request = ImageRequest(url: server.serve("/slow\(index).jpg", .init(body: TestPhotos.red)), size: PixelSize(width: 16 + index, height: 16))
            tokens[index] = pipeline.load(request, completion: deliveries.completion("\(index)"))
        }
        #expect(await eventually { pipeline.worker.usage == (running: 2, waiting: 6, threads: 2) })
        // The pool keeps answering while all 8 are held: tasks run, sleep and finish.
        let answered = await withTaskGroup(of: Int.self) { group in
            for value in 1...20 {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(1))
                    return value
                }
            }
            return await group.reduce(0, +)
        }
        #expect(answered == 210)
        #expect(blocker.calls == 2 && blocker.isHolding, "the decodes were still held while the pool answered")
        // The 6 waiting decodes are dropped and never run; then the 2 running ones are told to stop.
        let held = Set(blocker.sizes.map { $0.width - 16 })
        for (index, token) in tokens where !held.contains(index) { token.cancel() }
        #expect(await eventually { pipeline.worker.usage == (running: 2, waiting: 0, threads: 2) })
        for index in held { tokens[index]?.cancel() }
        #expect(await eventually { pipeline.worker.usage == (running: 0, waiting: 0, threads: 0) })
        #expect(blocker.calls == 2 && blocker.stopped == 2)
        #expect(await eventually { pipeline.activity.jobs == 0 })
        #expect(deliveries.total == 0, "no completion after cancel")
    }

    @Test("a waiting decode whose caller is cancelled is dropped at once and never decoded")
    func cancelledWhileQueued() async throws {
        let blocker = Blocker()
        let worker = DecodeWorker(threads: 1, queueLimit: 4, byteLimit: 1 << 20) { _, size, cancellation in
            blocker.record(size)
            return size.width == 1 ? blocker.run(cancellation) : .success(RGBImage(width: size.width, height: size.height, red: 1, green: 2, blue: 3))
        }
        let first = Task { await worker.decode(id: 1, Data([1]), to: PixelSize(width: 1, height: 1), priority: .visible) }
        #expect(await eventually { worker.usage.running == 1 })
        let second = Task { await worker.decode(id: 2, Data([2]), to: PixelSize(width: 2, height: 2), priority: .visible) }
        #expect(await eventually { worker.usage.waiting == 1 })
        second.cancel()
        guard case .failure(.cancelled) = await second.value else { throw ImageLoadError.invalidRequest("not cancelled") }
        #expect(worker.usage.waiting == 0)
        blocker.release()
        guard case .success = await first.value else { throw ImageLoadError.invalidRequest("the first decode failed") }
        #expect(blocker.sizes == [PixelSize(width: 1, height: 1)], "the cancelled decode never ran")
    }

    @Test("the queue is bounded: a visible decode pushes out the newest prefetch, which is busy (transient); visible goes first")
    func boundedQueue() async throws {
        let blocker = Blocker()
        let worker = DecodeWorker(threads: 1, queueLimit: 2, byteLimit: 1 << 20) { _, size, cancellation in
            blocker.record(size)
            return size.width == 1 ? blocker.run(cancellation) : .success(RGBImage(width: size.width, height: size.height, red: 1, green: 2, blue: 3))
        }
        func submit(_ id: UInt64, _ priority: ImagePriority) -> Task<Result<RGBImage, ImageLoadError>, Never> {
            Task { await worker.decode(id: id, Data([1]), to: PixelSize(width: Int(id), height: 1), priority: priority) }
        }
        let running = submit(1, .visible)
        #expect(await eventually { worker.usage.running == 1 })
        let prefetchA = submit(2, .prefetch)
        #expect(await eventually { worker.usage.waiting == 1 })
        let prefetchB = submit(3, .prefetch)
        #expect(await eventually { worker.usage.waiting == 2 })
        // Full: another prefetch is refused; a visible one takes the newest prefetch's place.
        guard case .failure(let refused) = await submit(4, .prefetch).value, refused == .decoderBusy(queued: 2) else {
            throw ImageLoadError.invalidRequest("a fourth prefetch was queued")
        }
        #expect(refused.isTransient)
        let visible = submit(5, .visible)
        guard case .failure(.decoderBusy(queued: 2)) = await prefetchB.value else { throw ImageLoadError.invalidRequest("not pushed out") }
        blocker.release()
        for task in [running, prefetchA, visible] {
            guard case .success = await task.value else { throw ImageLoadError.invalidRequest("a queued decode failed") }
        }
        #expect(blocker.sizes.map(\.width) == [1, 5, 2], "the visible decode went before the older prefetch")
    }

    @Test("the queue is bounded in bytes too: a visible file pushes out as many prefetches as it needs; one file alone may be larger")
    func byteBoundedQueue() async throws {
        let blocker = Blocker()
        let worker = DecodeWorker(threads: 1, queueLimit: 10, byteLimit: 100) { _, size, cancellation in
            blocker.record(size)
            return size.width == 1 ? blocker.run(cancellation) : .success(RGBImage(width: size.width, height: size.height, red: 1, green: 2, blue: 3))
        }
        func submit(_ id: UInt64, bytes: Int, _ priority: ImagePriority) -> Task<Result<RGBImage, ImageLoadError>, Never> {
            Task { await worker.decode(id: id, Data(count: bytes), to: PixelSize(width: Int(id), height: 1), priority: priority) }
        }
        // Nothing waits: a file larger than the limit still gets in.
        let running = submit(1, bytes: 500, .visible)
        #expect(await eventually { worker.usage.running == 1 })
        let prefetchA = submit(2, bytes: 40, .prefetch)
        #expect(await eventually { worker.usage.waiting == 1 })
        let prefetchB = submit(3, bytes: 40, .prefetch)
        #expect(await eventually { worker.usage.waiting == 2 })
        // 80 of 100 bytes wait: 70 more push out both prefetches (the newest alone would not make room).
        let visible = submit(4, bytes: 70, .visible)
        for task in [prefetchA, prefetchB] {
            guard case .failure(.decoderBusy) = await task.value else { throw ImageLoadError.invalidRequest("a prefetch stayed queued") }
        }
        // And a prefetch that does not fit beside the visible file is refused.
        guard case .failure(.decoderBusy) = await submit(5, bytes: 50, .prefetch).value else {
            throw ImageLoadError.invalidRequest("a prefetch past the byte limit was queued")
        }
        #expect(worker.usage.waiting == 1)
        blocker.release()
        for task in [running, visible] {
            guard case .success = await task.value else { throw ImageLoadError.invalidRequest("a queued decode failed") }
        }
        #expect(blocker.sizes.map(\.width) == [1, 4])
    }

    /// The calling thread's name as the kernel knows it (and Foundation's, which must agree).
    static func threadName() -> String {
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "?"
        let system = comm.trimmingCharacters(in: .newlines)
        return Thread.current.name == system || Thread.current.name == nil ? system : "mismatch: \(system)"
    }

    /// A pipeline on the real HTTP stack whose decodes run `decode`.
    static func pipeline(_ server: PhotoServer, decode: @escaping DecodeWorker.Work) -> ImagePipeline {
        let transport = HTTPPhotoTransport(client: makeClient(server.baseURL))
        return ImagePipeline(configuration: ImagePipelineConfiguration(), transport: transport, decode: decode)
    }
}

/// Stands in for a decode that never ends: holds its worker thread until released or stopped
/// (as libjpeg's progress monitor stops a cancelled decode between rows), and counts what ran.
final class Blocker: Sendable {
    private struct State {
        var calls = 0
        var stopped = 0
        var released = false
        var sizes: [PixelSize] = []
    }

    private let state = Mutex(State())

    func record(_ size: PixelSize) { state.withLock { $0.sizes.append(size) } }

    /// Runs on the worker thread: waits (polling, as the decoder checks between rows) for a release or a stop.
    func run(_ cancellation: DecodeCancellation) -> Result<RGBImage, ImageCodecError> {
        state.withLock { $0.calls += 1 }
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if cancellation.isCancelled {
                state.withLock { $0.stopped += 1 }
                return .failure(.cancelled)
            }
            if state.withLock({ $0.released }) { return .success(RGBImage(width: 1, height: 1, red: 0, green: 0, blue: 0)) }
            usleep(1000)
        }
        return .failure(.tooSlow(limit: .seconds(60)))
    }

    func release() { state.withLock { $0.released = true } }

    var calls: Int { state.withLock { $0.calls } }
    var stopped: Int { state.withLock { $0.stopped } }
    var isHolding: Bool { state.withLock { !$0.released } }
    var sizes: [PixelSize] { state.withLock { $0.sizes } }
}
