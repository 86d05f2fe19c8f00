import Foundation
import SafeText
import Synchronization
import TelemetryInterface
import Waiting

/// The app's telemetry: `record` puts the event in memory and returns at once; once `start` runs
/// (after the first frame) a background task writes every event to the queue file, and with
/// consent `on` flushes batches to the sinks by count, by time and at exit.
public final class TelemetryPipeline: TelemetryRecorder {
    private struct Buffer {
        var events: [PendingEvent] = []
        var droppedInMemory = 0
        /// Events refused for their name.
        var refused = 0
        /// The line that says the first refusal, until the writer says it.
        var refusal: String?
        var stopped = false
    }

    private let configuration: TelemetryConfiguration
    private let sinks: [any TelemetrySink]
    private let warn: @Sendable (String) -> Void
    private let buffer = Mutex(Buffer())
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>
    private let flusher: TelemetryFlusher
    private let tasks = Mutex<[Task<Void, Never>]>([])
    /// The background writer, once started: `finish` lets its write under way end first.
    private let writer = Mutex<Task<Void, Never>?>(nil)

    /// A pipeline over the queue file of `configuration`, sending to `sinks` when consent is `on`.
    /// Nothing is opened or started until `start`.
    public init(configuration: TelemetryConfiguration, sinks: [any TelemetrySink], warn: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.sinks = configuration.consent.sends ? sinks : []
        self.warn = warn
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        flusher = TelemetryFlusher(configuration: configuration, sinks: self.sinks, warn: warn)
    }

    /// Takes the event; returns at once. Past the memory limit the event is dropped (counted); an
    /// event that is not valid (its name) is refused, and said once per run.
    public func record(_ event: TelemetryEvent, owner: String) {
        guard event.isValid else {
            refuse(event, owner: owner)
            return
        }
        var event = event
        if event.name == "error" {
            let code = event.properties["code"]?.text ?? ""
            let message = event.properties["message"]?.text ?? ""
            event = .error(code: configuration.redaction.redact(code, limit: 64), message: configuration.redaction.redact(message))
        }
        let pending = PendingEvent(id: UUID(), time: Date().timeIntervalSince1970, owner: owner, event: event)
        let kept = buffer.withLock { buffer in
            guard !buffer.stopped else { return false }
            guard buffer.events.count < configuration.memoryLimit else {
                buffer.droppedInMemory += 1
                return false
            }
            buffer.events.append(pending)
            return true
        }
        if kept { wake.yield() }
    }

    /// A module made an event whose name cannot be recorded: nothing is kept; the first one of the
    /// run is said on stderr by the writer (`record` never writes).
    private func refuse(_ event: TelemetryEvent, owner: String) {
        let first = buffer.withLock { buffer in
            buffer.refused += 1
            guard buffer.refused == 1 else { return false }
            buffer.refusal = "feed: telemetry refused an event of team \(SafeText.escaped(owner, limit: 40)) named \"\(SafeText.escaped(event.name, limit: 48))\": "
                + "a name is lowercase snake_case of at most \(TelemetryEvent.maxNameLength) characters and not one of the platform's; "
                + "the module that declares it must be fixed (later ones are not said)"
            return true
        }
        if first { wake.yield() }
    }

    /// Opens the queue file and starts writing and flushing in the background; call once, after the first frame.
    public func start() {
        let flusher = flusher
        let wakes = wakes
        let interval = configuration.flushInterval
        let writer = Task.detached { [weak self] in
            guard await flusher.open() else { return }
            for await _ in wakes {
                guard let self else { return }
                await flusher.write(self.takeBuffered())
            }
        }
        let timer = Task.detached {
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                await flusher.flush()
            }
        }
        tasks.withLock { $0 += [writer, timer] }
        self.writer.withLock { $0 = writer }
    }

    /// Writes what is still in memory and, with consent `on`, flushes, waiting at most `timeout`.
    /// Returns whether everything was written (and sent).
    @discardableResult
    public func finish(timeout: Duration) async -> Bool {
        let flusher = flusher
        // The writer may hold events it took but has not written yet: it ends its write first
        // (else this run's last events could be lost at exit, after the flush below).
        wake.finish()
        let writer = writer.withLock { $0 }
        let work = Task.detached { [self] in
            await writer?.value
            let pending = takeBuffered()
            guard await flusher.open() else { return false }
            await flusher.write(pending)
            // The last chance of this run: every sink is tried, one that failed lately too.
            return await flusher.flush(all: true, exiting: true)
        }
        // Whichever comes first: the work, or the deadline (the work is left to the process's end).
        let done = await Deadline.value(within: timeout, else: false) { await work.value }
        for task in tasks.withLock({ $0 }) { task.cancel() }
        return done
    }

    /// Writes what waits in memory to the queue file now, without sending; returns whether the queue is open.
    @discardableResult
    public func writeNow() async -> Bool {
        guard await flusher.open() else { return false }
        await flusher.write(takeBuffered(), flushing: false)
        return true
    }

    /// Writes what waits in memory now, then flushes everything; for tests and the bench.
    @discardableResult
    public func flushNow() async -> Bool {
        guard await flusher.open() else { return false }
        await flusher.write(takeBuffered())
        return await flusher.flush(all: true)
    }

    /// Logout: stops recording for the rest of the run, closes the queue file and deletes it;
    /// returns a line for stderr when it could not be deleted.
    public func stopAndDelete() async -> String? {
        buffer.withLock { buffer in
            buffer.stopped = true
            buffer.events.removeAll()
        }
        for task in tasks.withLock({ $0 }) { task.cancel() }
        return await flusher.closeAndDelete()
    }

    /// The queue once open (after `start`, `flushNow` or `finish`).
    public func queue() async -> TelemetryQueue? {
        await flusher.queue
    }

    private func takeBuffered() -> [PendingEvent] {
        let (events, refusal) = buffer.withLock { buffer in
            defer {
                buffer.events.removeAll(keepingCapacity: true)
                buffer.refusal = nil
            }
            return (buffer.events, buffer.refusal)
        }
        if let refusal { warn(refusal) }
        return events
    }
}
