import FeedServer
import Foundation

/// `feed-chaos --twins N`: N short sessions of two `feed --headless` processes on one data
/// directory (the like queue and live updates on), tapping a few posts in turn while the like
/// server fails (every request refused, or likes applied and their replies lost), then healed.
/// Each session counts the posts whose final server state is not the last acknowledged tap of
/// either process (lost) and the processes that still wait to send after settling against a
/// healthy server (stuck). Prints one line per session with a finding and a summary; exit 1 when
/// anything was lost or stuck.
struct TwinStress {
    /// What one session found.
    struct Outcome {
        var lost: [String] = []
        var stuck: [String] = []
        var error: String?
    }

    let count: Int
    let seed: UInt64
    let feed: URL
    let trace: Bool
    /// The first session's number (a replay runs one, from its number).
    var first = 0

    /// Runs the sessions; returns the exit status.
    func run() -> Int32 {
        var (lost, stuck, errors) = (0, 0, 0)
        let started = Date()
        for index in first..<(first + count) {
            let outcome = session(index)
            lost += outcome.lost.count
            stuck += outcome.stuck.count
            if outcome.error != nil { errors += 1 }
            if !outcome.lost.isEmpty || !outcome.stuck.isEmpty || outcome.error != nil {
                say("twins \(index): lost \(outcome.lost) stuck \(outcome.stuck)\(outcome.error.map { " error: \($0)" } ?? "") — replay: feed-chaos --twins 1 --seed \(seed) --twin-session \(index)")
            }
            if (index - first + 1) % 25 == 0 { say("twins: \(index - first + 1) of \(count) sessions, \(lost) lost, \(stuck) stuck so far") }
        }
        say("twins: \(count) sessions in \(Int(Date().timeIntervalSince(started))) s: \(lost) final taps lost, \(stuck) stuck, \(errors) sessions could not run")
        if lost + stuck > 0 { return 1 }
        return errors > 0 ? 2 : 0
    }

    /// One two-process session.
    func session(_ index: Int) -> Outcome {
        var random = ChaosRandom(seed: ChaosRandom.sessionSeed(seed, session: index), stream: 0x7715)
        var outcome = Outcome()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feed-twins-\(getpid())-\(index)")
        defer { try? FileManager.default.removeItem(at: root) }
        let server = FeedServer(options: FeedServerOptions(port: 0, posts: 60, seed: UInt64(index) & 0xFFFF))
        defer { server.stop() }
        do {
            let port = try server.start()
            let arguments = [
                "--headless", "--server", "http://127.0.0.1:\(port)", "--photos", "off", "--data-dir", root.appendingPathComponent("data").path,
                "--enable", "persistent-like-queue", "--enable", "live-updates",
            ]
            let environment = [
                "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
                "XDG_STATE_HOME": root.appendingPathComponent("state").path, "FEED_TELEMETRY": "off",
            ]
            // Both start at once, as two windows opened together: they make the outbox together.
            let processes = try (0..<2).map { _ in try FeedClient(executable: feed, arguments: arguments, environment: environment) }
            defer { for process in processes { process.kill() } }
            var rows: [String] = []
            for process in processes {
                _ = try ask(process, "open")
                rows = ids(try ask(process, "settle"))
            }
            let posts = Array(rows.prefix(4))
            guard !posts.isEmpty else { throw TwinError("no rows were shown") }
            // The like server fails: every request refused, or each like applied and its reply lost.
            let appliedThenLost = random.chance(0.5)
            server.update { faults in
                if appliedThenLost { faults.likeApplyThenFailRate = 1 } else { faults.failRate = 1 }
            }
            var wanted: [String: Bool] = [:]
            for _ in 0..<random.int(3...10) {
                let process = processes[random.int(0...1)]
                let post = posts[random.int(0...(posts.count - 1))]
                let answer = try ask(process, "tap \(post)")
                if let heart = heart(answer, post), heart == "liked" || heart == "notLiked" { wanted[post] = heart == "liked" }
                if trace { say("  twins \(index): tap \(post) → \(heart(answer, post) ?? "?")") }
            }
            server.update { $0 = FeedServerFaults() }
            for _ in 0..<2 { for process in processes { _ = try ask(process, "settle") } }
            for (post, liked) in wanted.sorted(by: { $0.key < $1.key }) where server.likeState(of: post)?.liked != liked {
                outcome.lost.append(post)
            }
            for (slot, process) in processes.enumerated() {
                let state = try ask(process, "settle")
                if (state["queued"] as? Int ?? 0) > 0 { outcome.stuck.append(slot == 0 ? "A" : "B") }
            }
        } catch {
            outcome.error = "\(error)"
        }
        return outcome
    }

    private struct TwinError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private func ask(_ process: FeedClient, _ command: String) throws -> [String: Any] {
        switch process.send(command, timeout: .seconds(60)) {
        case .line(let line):
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { throw TwinError("not JSON: \(line.prefix(80))") }
            return object
        case .timedOut: throw TwinError("'\(command)' got no answer in 60 s")
        case .exited(let status, let reason): throw TwinError("feed exited (\(status)) at '\(command)': \(reason)")
        }
    }

    private func ids(_ state: [String: Any]) -> [String] {
        ((state["rows"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }

    private func heart(_ state: [String: Any], _ post: String) -> String? {
        ((state["rows"] as? [[String: Any]]) ?? []).first { $0["id"] as? String == post }?["heart"] as? String
    }
}
