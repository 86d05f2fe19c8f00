import Foundation
import SafeText
import Synchronization
import TelemetryInterface
import Waiting

/// Owns the queue and the sends: one flush at a time.
actor TelemetryFlusher {
    let configuration: TelemetryConfiguration
    let sinks: [any TelemetrySink]
    let warn: @Sendable (String) -> Void
    private(set) var queue: TelemetryQueue?
    private var failedToOpen = false
    /// The one open under way: a second caller waits for it, a logout closes what it opens.
    private var opening: Task<Result<TelemetryQueue, any Error>, Never>?
    private var running: Task<Bool, Never>?
    private var warnedAboutWrite = false
    /// Each sink's trouble: one that is down waits (backing off) on its own, and is named once.
    private var trouble: [String: SinkTrouble] = [:]

    /// A sink's failures in a row, when it may be tried again, and whether the user was told.
    private struct SinkTrouble {
        var failures = 0
        var retryAt = ContinuousClock.now
        var warned = false
    }

    init(configuration: TelemetryConfiguration, sinks: [any TelemetrySink], warn: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.sinks = sinks
        self.warn = warn
    }

    func open() async -> Bool {
        if queue != nil { return true }
        if failedToOpen { return false }
        let file = configuration.queueFile
        let task = opening ?? Task { [capacity = configuration.capacity, warn] () -> Result<TelemetryQueue, any Error> in
            do { return .success(try await TelemetryQueue.open(at: file, capacity: capacity, warn: warn)) } catch { return .failure(error) }
        }
        opening = task
        let result = await task.value
        // Every caller waiting on this open takes its result in; the first one says why it failed.
        if opening == task { opening = nil }
        if queue != nil { return true }
        // A logout while the file opened closed it and deleted the file (it waited for this open).
        guard !failedToOpen else { return false }
        switch result {
        case .success(let opened):
            queue = opened
            return true
        case .failure(let error):
            failedToOpen = true
            warn("feed: telemetry is off for this run: the queue at \(file.path) could not be opened (\(error))")
            return false
        }
    }

    func closeAndDelete() async -> String? {
        failedToOpen = true
        // An open under way would create the file again after the delete: it ends first.
        if let opening, case .success(let opened) = await opening.value { await opened.close() }
        await queue?.close()
        queue = nil
        do {
            try TelemetryQueue.delete(at: configuration.queueFile)
            return nil
        } catch {
            return "feed: logout could not delete the telemetry queue \(configuration.queueFile.path) (\(error)); delete it by hand"
        }
    }

    func write(_ events: [PendingEvent], flushing: Bool = true) async {
        guard !events.isEmpty, let queue else { return }
        do {
            let unsent = try await queue.append(events, session: configuration.session, sampleRate: configuration.sampleRate)
            warnedAboutWrite = false
            if flushing && unsent >= configuration.flushCount { await flush() }
        } catch {
            // Said once until a write succeeds again: a full disk must not fill stderr too.
            guard !warnedAboutWrite else { return }
            warnedAboutWrite = true
            warn("feed: telemetry could not write its queue (\(error)); events are lost until it can — free some disk space")
        }
    }

    /// Sends batches until none waits (`all`) or one batch; returns whether nothing failed. One
    /// flush runs at a time: a count or timer flush finding one running leaves it be, an `all`
    /// flush (exit) waits for it and then sends what is left.
    @discardableResult
    func flush(all: Bool = false, exiting: Bool = false) async -> Bool {
        guard !sinks.isEmpty, let queue else { return sinks.isEmpty }
        if running != nil && !all { return true }
        while let current = running {
            _ = await current.value
            if running == current { running = nil }
        }
        let task = Task { await send(queue, all: all, exiting: exiting) }
        running = task
        let result = await task.value
        if running == task { running = nil }
        return result
    }

    /// Sends to each sink what it has not taken yet; a sink that failed lately waits its turn
    /// (but at exit). Returns whether every sink took everything.
    private func send(_ queue: TelemetryQueue, all: Bool, exiting: Bool) async -> Bool {
        let names = sinks.map(\.name)
        try? await queue.settleDelivered(names)
        var complete = true
        for sink in sinks {
            if !exiting, let trouble = trouble[sink.name], ContinuousClock.now < trouble.retryAt {
                complete = false
                continue
            }
            if !(await send(queue, to: sink, of: names, all: all)) { complete = false }
        }
        return complete
    }

    private func send(_ queue: TelemetryQueue, to sink: any TelemetrySink, of names: [String], all: Bool) async -> Bool {
        // Bounded: at most the whole queue in batches, never an endless loop.
        let rounds = all ? configuration.capacity / max(1, configuration.batchSize) + 2 : 1
        for _ in 0..<rounds {
            guard !Task.isCancelled else { return false }
            let batch: TelemetryBatch
            do {
                guard let claimed = try await queue.claimBatch(limit: configuration.batchSize, for: sink.name) else { return true }
                batch = claimed
            } catch {
                return false
            }
            do {
                try await sink.send(batch)
            } catch {
                failed(sink.name, error)
                return false
            }
            recovered(sink.name)
            do { try await queue.markDelivered(batch.id, to: sink.name, of: names) } catch { return false }
        }
        return true
    }

    private func failed(_ sink: String, _ error: any Error) {
        var state = trouble[sink] ?? SinkTrouble()
        state.failures += 1
        let retry = max(.zero, configuration.sinkRetry)
        state.retryAt = .now + min(retry * (1 << min(state.failures - 1, 6)), retry * 64)
        if !state.warned {
            state.warned = true
            warn("feed: telemetry could not send to \(sink) (\(SafeText.line("\(error)", limit: 160))); its events wait in the queue for the next try")
        }
        trouble[sink] = state
    }

    private func recovered(_ sink: String) {
        trouble[sink] = nil
    }
}
