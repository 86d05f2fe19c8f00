import Foundation
import ImageCodec
import Synchronization

/// Coalesces loads: one job per decoded image (URL + size) with any number of askers, and one
/// byte load per URL shared by the jobs of every size. A job with no askers left is cancelled;
/// a byte load with no jobs left is cancelled, which cancels its download.
///
/// Decodes run on the `DecodeWorker`'s threads, never on the concurrency pool.
///
/// Lock order: this coordinator's lock may be held while taking `DownloadSlots`', the decode
/// worker's or the memory cache's; none calls back. Completions and task cancellation run
/// outside the lock.
final class LoadCoordinator: Sendable {
    typealias Completion = @Sendable (Result<RGBImage, ImageLoadError>) -> Void
    private typealias BytesContinuation = CheckedContinuation<Result<Data, ImageLoadError>, Never>

    private struct Asker {
        var priority: ImagePriority
        let completion: Completion
    }

    private struct Job {
        let id: UInt64
        var askers: [UInt64: Asker] = [:]
        var task: Task<Void, Never>?
        var priority: ImagePriority { askers.values.map(\.priority).max() ?? .prefetch }
    }

    private struct Waiter {
        var priority: ImagePriority
        let continuation: BytesContinuation
    }

    private struct Load {
        let id: UInt64
        var waiters: [UInt64: Waiter] = [:]
        var task: Task<Void, Never>?
        var priority: ImagePriority { waiters.values.map(\.priority).max() ?? .prefetch }
    }

    private struct State {
        var lastID: UInt64 = 0
        var jobs: [ImageKey: Job] = [:]
        var loads: [URL: Load] = [:]

        mutating func nextID() -> UInt64 {
            lastID += 1
            return lastID
        }
    }

    private let state = Mutex(State())
    private let source: PhotoSource
    private let memory: MemoryImageCache
    private let worker: DecodeWorker
    private let metrics: MetricsRecorder

    init(source: PhotoSource, memory: MemoryImageCache, worker: DecodeWorker, metrics: MetricsRecorder) {
        self.source = source
        self.memory = memory
        self.worker = worker
        self.metrics = metrics
    }

    /// Adds an asker for `request`, starting a job if none runs; returns the asker's id.
    func join(_ request: ImageRequest, completion: @escaping Completion) -> UInt64 {
        let key = request.key
        let generation = memory.generation
        return state.withLock { state in
            let askerID = state.nextID()
            let asker = Asker(priority: request.priority, completion: completion)
            if var job = state.jobs[key] {
                job.askers[askerID] = asker
                state.jobs[key] = job
                propagate(&state, url: key.url, jobID: job.id, priority: job.priority)
            } else {
                var job = Job(id: state.nextID())
                job.askers[askerID] = asker
                let jobID = job.id
                job.task = Task(priority: request.priority.taskPriority) {
                    await self.runJob(key: key, jobID: jobID, generation: generation)
                }
                state.jobs[key] = job
            }
            return askerID
        }
    }

    /// Removes an asker; the job is cancelled when it was the last one.
    func leave(_ key: ImageKey, askerID: UInt64) {
        let orphaned: Task<Void, Never>? = state.withLock { state in
            guard var job = state.jobs[key], job.askers.removeValue(forKey: askerID) != nil else { return nil }
            if job.askers.isEmpty {
                state.jobs[key] = nil
                return job.task
            }
            state.jobs[key] = job
            propagate(&state, url: key.url, jobID: job.id, priority: job.priority)
            return nil
        }
        orphaned?.cancel()
    }

    /// Changes an asker's priority; a waiting download follows its most urgent asker.
    func setPriority(_ key: ImageKey, askerID: UInt64, _ priority: ImagePriority) {
        state.withLock { state in
            guard var job = state.jobs[key], job.askers[askerID] != nil else { return }
            job.askers[askerID]?.priority = priority
            state.jobs[key] = job
            propagate(&state, url: key.url, jobID: job.id, priority: job.priority)
        }
    }

    /// Cancels everything; every asker is told `.cancelled`.
    func cancelAll() {
        let (jobs, loads) = state.withLock { state in
            defer {
                state.jobs = [:]
                state.loads = [:]
            }
            return (state.jobs, state.loads)
        }
        for load in loads.values {
            for waiter in load.waiters.values { waiter.continuation.resume(returning: .failure(.cancelled)) }
            load.task?.cancel()
        }
        for job in jobs.values {
            job.task?.cancel()
            for asker in job.askers.values { asker.completion(.failure(.cancelled)) }
        }
    }

    /// Jobs and byte loads under way (tests).
    var activity: (jobs: Int, loads: Int) {
        state.withLock { ($0.jobs.count, $0.loads.count) }
    }

    // MARK: - Jobs

    private func runJob(key: ImageKey, jobID: UInt64, generation: Int) async {
        let result: Result<RGBImage, ImageLoadError>
        switch await bytes(for: key, jobID: jobID) {
        case .success(let data) where !Task.isCancelled:
            let priority = state.withLock { $0.jobs[key].flatMap { $0.id == jobID ? $0.priority : nil } } ?? .prefetch
            result = await worker.decode(id: jobID, data, to: key.size, mosaic: key.mosaic, priority: priority)
            switch result {
            case .success(let image):
                memory.insert(image, for: key, generation: generation)
            case .failure(.undecodable):
                source.discard(key.url)
            case .failure:
                break
            }
        case .success:
            result = .failure(.cancelled)
        case .failure(let error):
            result = .failure(error)
        }
        finish(key: key, jobID: jobID, result)
    }

    private func finish(key: ImageKey, jobID: UInt64, _ result: Result<RGBImage, ImageLoadError>) {
        let askers: [Asker] = state.withLock { state in
            guard let job = state.jobs[key], job.id == jobID else { return [] }
            state.jobs[key] = nil
            return Array(job.askers.values)
        }
        if case .failure(let error) = result, error != .cancelled, !askers.isEmpty {
            metrics.record { $0.failures += 1 }
        }
        for asker in askers { asker.completion(result) }
    }

    // MARK: - Byte loads

    /// The bytes of `url` at `priority` for an asker that decodes nothing (a photo's file), from
    /// the load shared by everyone who wants that URL.
    func bytes(of url: URL, priority: ImagePriority) async -> Result<Data, ImageLoadError> {
        let waiterID = state.withLock { $0.nextID() }
        return await bytes(of: url, waiterID: waiterID) { _ in priority }
    }

    /// The bytes of `key.url`, from the load shared by every job of that URL.
    private func bytes(for key: ImageKey, jobID: UInt64) async -> Result<Data, ImageLoadError> {
        await bytes(of: key.url, waiterID: jobID) { state in state.jobs[key]?.priority ?? .prefetch }
    }

    /// Joins (or starts) the byte load of `url` as `waiterID`, at the priority `priority` reads
    /// under the lock; cancelling the calling task leaves it.
    private func bytes(of url: URL, waiterID: UInt64, priority: (State) -> ImagePriority) async -> Result<Data, ImageLoadError> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: BytesContinuation) in
                let waiting = state.withLock { state -> Bool in
                    // Cancelled before this ran: the handler found no waiter, so answer below.
                    if Task.isCancelled { return false }
                    let waiter = Waiter(priority: priority(state), continuation: continuation)
                    if var load = state.loads[url] {
                        load.waiters[waiterID] = waiter
                        state.loads[url] = load
                        source.slots.setPriority(id: load.id, load.priority)
                        return true
                    }
                    var load = Load(id: state.nextID())
                    load.waiters[waiterID] = waiter
                    let loadID = load.id
                    load.task = Task(priority: waiter.priority.taskPriority) {
                        await self.runLoad(url: url, loadID: loadID)
                    }
                    state.loads[url] = load
                    return true
                }
                if !waiting { continuation.resume(returning: .failure(.cancelled)) }
            }
        } onCancel: {
            leaveLoad(url: url, jobID: waiterID)
        }
    }

    /// Continuations are resumed and tasks cancelled only after the lock is let go: both take the
    /// task's own lock, which a cancellation holds while it runs a handler that takes this one.
    private func leaveLoad(url: URL, jobID: UInt64) {
        let (waiter, orphaned): (Waiter?, Task<Void, Never>?) = state.withLock { state in
            guard var load = state.loads[url], let waiter = load.waiters.removeValue(forKey: jobID) else { return (nil, nil) }
            if load.waiters.isEmpty {
                state.loads[url] = nil
                return (waiter, load.task)
            }
            state.loads[url] = load
            source.slots.setPriority(id: load.id, load.priority)
            return (waiter, nil)
        }
        waiter?.continuation.resume(returning: .failure(.cancelled))
        orphaned?.cancel()
    }

    private func runLoad(url: URL, loadID: UInt64) async {
        let priority = state.withLock { state in
            state.loads[url].flatMap { $0.id == loadID ? $0.priority : nil } ?? .prefetch
        }
        let result: Result<Data, ImageLoadError>
        do {
            result = .success(try await source.bytes(for: url, loadID: loadID, priority: priority))
        } catch {
            result = .failure(error)
        }
        let waiters: [Waiter] = state.withLock { state in
            guard let load = state.loads[url], load.id == loadID else { return [] }
            state.loads[url] = nil
            return Array(load.waiters.values)
        }
        for waiter in waiters { waiter.continuation.resume(returning: result) }
    }

    /// Hands a job's new priority to its waiting decode and download.
    private func propagate(_ state: inout State, url: URL, jobID: UInt64, priority: ImagePriority) {
        worker.setPriority(id: jobID, priority)
        guard var load = state.loads[url], load.waiters[jobID] != nil else { return }
        load.waiters[jobID]?.priority = priority
        state.loads[url] = load
        source.slots.setPriority(id: load.id, load.priority)
    }
}

extension ImagePriority {
    /// The task priority its decode and download run at.
    var taskPriority: TaskPriority { self == .visible ? .medium : .low }
}
