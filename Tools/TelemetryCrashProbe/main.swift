// `telemetry-crash-probe flush <queue> <server-url> <count> <stall-after>`: tracks <count> events
// (none when <count> is 0), writes them to the queue at <queue> and flushes them to the server in
// batches of 20. Lines, each one unbuffered write(2): `written <n>` once the events are in the
// file, `received <batch>` each time the server took a batch (before the queue marks it sent),
// `done <ok>` at the end. After <stall-after> batches it stops forever before marking the next
// one sent, so a test can SIGKILL it between the server's answer and the queue's commit (-1: never).
//
// `telemetry-crash-probe crash <file> <signal>`: installs the crash recorder on <file>, then
// raises <signal>, as a crash would.
import Foundation
import Networking
import Telemetry
import TelemetryInterface

#if canImport(Glibc)
    import Glibc
#endif

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The server's sink, telling the test when the server took a batch, and stalling when told to.
struct ProbeSink: TelemetrySink {
    let inner: EventsAPISink
    let stallAfter: Int
    let taken = Counter()
    var name: String { "probe" }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }

    func send(_ batch: TelemetryBatch) async throws {
        try await inner.send(batch)
        say("received \(batch.id)")
        if stallAfter >= 0 && taken.next() > stallAfter {
            while true { sleep(60) }
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "flush" where arguments.count == 5:
    let queue = URL(fileURLWithPath: arguments[1])
    guard let server = URL(string: arguments[2]), let count = Int(arguments[3]), let stallAfter = Int(arguments[4]) else { exit(2) }
    let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: server))
    var configuration = TelemetryConfiguration(queueFile: queue, consent: .on)
    configuration.batchSize = 20
    configuration.flushCount = Int.max
    let pipeline = TelemetryPipeline(
        configuration: configuration, sinks: [ProbeSink(inner: EventsAPISink(http: http), stallAfter: stallAfter)],
        warn: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    let tracker = TelemetryTracker(recorder: pipeline, owner: "feed")
    for page in 0..<count { tracker.track(.pageLoad(ok: page % 7 != 3, page: page, milliseconds: Double(page))) }
    guard await pipeline.writeNow() else { exit(1) }
    say("written \(count)")
    let ok = await pipeline.flushNow()
    say("done \(ok)")
case "crash" where arguments.count == 3:
    guard let signal = Int32(arguments[2]) else { exit(2) }
    try CrashRecorder(file: URL(fileURLWithPath: arguments[1])).install()
    say("installed")
    raise(signal)
default:
    FileHandle.standardError.write(Data("usage: telemetry-crash-probe flush <queue> <url> <count> <stall-after> | crash <file> <signal>\n".utf8))
    exit(2)
}
