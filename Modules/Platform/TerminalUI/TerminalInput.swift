import Dispatch
import Foundation
import TerminalUIInterface
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys, window resizes, suspends (Ctrl-Z, SIGTSTP) and termination signals, as one stream of events.
///
/// Keys are read on a dedicated thread (a blocking `poll`/`read` on the input), never on a Swift
/// concurrency thread. SIGINT, SIGTERM, SIGHUP and SIGWINCH arrive through dispatch signal sources
/// after their default action is switched off.
public final class TerminalInput: Sendable {
    /// The events, in order; it ends after `stop()`.
    public let events: AsyncStream<TerminalEvent>

    private let continuation: AsyncStream<TerminalEvent>.Continuation
    private let state: ReaderState
    private let signalSources: SignalSources

    /// The signals reported as `.terminate`.
    public static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Starts reading keys from `descriptor` and, when `signals` is true, listening for signals.
    public init(descriptor: Int32 = STDIN_FILENO, signals: Bool = true) {
        let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        self.events = events
        self.continuation = continuation
        state = ReaderState()
        var sources: [any DispatchSourceSignal] = []
        if signals {
            for number in Self.terminationSignals + [SIGWINCH, SIGTSTP, SIGCONT] {
                // SIGCONT keeps its default action (continue); the source only reports it.
                if number != SIGCONT { signal(number, SIG_IGN) }
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                let event: TerminalEvent
                switch number {
                case SIGWINCH: event = .resize
                case SIGTSTP: event = .suspend
                case SIGCONT: event = .resume
                default: event = .terminate(signal: number)
                }
                source.setEventHandler { continuation.yield(event) }
                source.resume()
                sources.append(source)
            }
        }
        signalSources = SignalSources(sources)
        let state = state
        state.running.enter()
        let thread = Thread {
            KeyReader(descriptor: descriptor, state: state, continuation: continuation).run()
            state.running.leave()
        }
        thread.name = "TerminalInput keys"
        thread.start()
    }

    /// Posts `event` to the stream, from any thread.
    public func post(_ event: TerminalEvent) {
        continuation.yield(event)
    }

    /// Stops the reader thread and the signal sources, and ends the stream; returns once the
    /// thread has ended (within a poll interval), so the descriptor is never read again and may
    /// be closed. The signals' default actions stay off, so a late signal cannot kill the process
    /// mid-cleanup.
    public func stop() {
        state.stop()
        signalSources.cancel()
        continuation.finish()
        state.running.wait()
    }
}

/// The dispatch signal sources, set once at start; `cancel()` is thread-safe in Dispatch.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }

    func cancel() {
        for source in sources { source.cancel() }
    }
}

/// The stop flag shared by the input and its reader thread.
final class ReaderState: @unchecked Sendable {
    private let lock = Lock()
    private var stopped = false
    /// Entered while the reader thread runs.
    let running = DispatchGroup()

    var isStopped: Bool { lock.withLock { stopped } }

    func stop() { lock.withLock { stopped = true } }
}

/// The loop of the key thread: waits for bytes with `poll`, decodes them, posts the keys.
private struct KeyReader {
    let descriptor: Int32
    let state: ReaderState
    let continuation: AsyncStream<TerminalEvent>.Continuation

    /// How long a lone ESC waits for the rest of a sequence, and how often the stop flag is read.
    static let escapeWait: Int32 = 40
    static let stopCheck: Int32 = 100

    /// Ctrl-Z suspends, as the terminal's line discipline would outside raw mode; other keys are keys.
    static func event(_ key: Key) -> TerminalEvent {
        key == .suspend ? .suspend : .key(key)
    }

    func run() {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        while !state.isStopped {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, decoder.hasPending ? Self.escapeWait : Self.stopCheck)
            if ready < 0 {
                if errno == EINTR { continue }
                continuation.yield(.inputClosed)
                return
            }
            if ready == 0 {
                for key in decoder.flush() { continuation.yield(Self.event(key)) }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                continuation.yield(.inputClosed)
                return
            }
            if count == 0 {
                continuation.yield(.inputClosed)
                return
            }
            for key in decoder.decode(buffer[0..<count]) { continuation.yield(Self.event(key)) }
        }
    }
}
