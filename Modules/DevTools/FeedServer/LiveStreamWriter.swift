import Foundation
import HTTPServer

/// Writes one `GET /v1/live` stream on its connection's thread until the client goes, the server
/// stops or switches `live-updates` off: the events after the one the client has (a `reset` when
/// that is older than the buffer or newer than any), a comment after every quiet keep-alive
/// interval, or the hostile stream of `FeedServerFaults.liveFault`. Returns why it ended.
struct LiveStreamWriter {
    let router: FeedRouter
    let writer: HTTPStreamWriter
    /// The post whose count of newer posts `new-posts` events carry.
    let above: String?

    func run(after since: Int) -> String {
        guard writer.write(Data("retry: 1000\n\n".utf8)) else { return "the client went away" }
        var last = since
        var quietSince = ContinuousClock.now
        while true {
            let faults = router.faults
            if faults.flags["live-updates"] == false { return "live-updates switched off" }
            if let fault = faults.liveFault { return hostile(fault, after: last) }
            guard writer.isOpen else { return "the client went away" }
            var text = ""
            switch router.live.next(after: last, timeout: 0.2) {
            case .reset(let latest):
                text = "id: \(latest)\nevent: reset\ndata: {\"latest\":\(latest)}\n\n"
                last = latest
            case .events(let events):
                for event in events {
                    let data = event.name == "new-posts" ? router.newPostsData(above: above) : event.data
                    text += "id: \(event.id)\nevent: \(event.name)\ndata: \(data)\n\n"
                }
                last = events.last?.id ?? last
            }
            if text.isEmpty, ContinuousClock.now - quietSince >= .milliseconds(max(10, faults.liveKeepAliveMS)) {
                text = ": keep-alive\n\n"
            }
            guard !text.isEmpty else { continue }
            guard writer.write(Data(text.utf8)) else { return "the client went away" }
            quietSince = ContinuousClock.now
        }
    }

    /// The hostile stream, until the client goes (every loop is bounded by the bytes a client would take).
    private func hostile(_ fault: LiveStreamFault, after since: Int) -> String {
        // The client's `since` may be any number: far from the edge, so IDs counted from it never overflow.
        let last = min(since, Int.max / 2)
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 << 10)
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: last) ^ 0x11FE)
        switch fault {
        case .endlessLine:
            guard writer.write(Data("data: ".utf8)) else { return "the client went away (endless line)" }
            for _ in 0..<(1 << 15) where !writer.write(chunk) { return "the client went away (endless line)" }
        case .hugeEvent:
            var line = Data("data: ".utf8)
            line.append(chunk)
            line.append(UInt8(ascii: "\n"))
            guard writer.write(Data("id: \(last + 1)\nevent: likes\n".utf8)) else { return "the client went away (huge event)" }
            for _ in 0..<(1 << 14) where !writer.write(line) { return "the client went away (huge event)" }
            _ = writer.write(Data("\n".utf8))
        case .garbage:
            for round in 0..<10_000 {
                guard router.faults.liveFault == fault else { return "the fault was lifted (garbage)" }
                var bytes = Data((0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) })
                bytes.append(contentsOf: Array("\n\nid: \(last + round + 1)\nevent: likes\ndata: {\"id\":\"p1\"\n\n".utf8))
                guard writer.write(bytes) else { return "the client went away (garbage)" }
                Thread.sleep(forTimeInterval: 0.05)
            }
        case .wildIDs:
            var lines = "id: 99999999999999999999999999\nevent: likes\ndata: {\"id\":\"p1\",\"likeCount\":1,\"liked\":false}\n\n"
            for id in stride(from: last + 5, to: last, by: -1) { lines += "id: \(id)\nevent: flags\ndata: {\"flags\":{}}\n\n" }
            guard writer.write(Data(lines.utf8)) else { return "the client went away (wild ids)" }
            return idle("wild ids")
        case .flood:
            var id = last
            for _ in 0..<100_000 {
                guard router.faults.liveFault == fault else { return "the fault was lifted (flood)" }
                var text = ""
                for _ in 0..<100 {
                    id += 1
                    let post = "p\(1 + random.nextInt(below: 50))"
                    let like = router.likeSnapshot(of: post) ?? (false, 0, 0)
                    text += "id: \(id)\nevent: likes\ndata: {\"id\":\"\(post)\",\"likeCount\":\(like.likeCount),\"liked\":\(like.liked),\"version\":\(like.version)}\n\n"
                }
                guard writer.write(Data(text.utf8)) else { return "the client went away (flood)" }
                Thread.sleep(forTimeInterval: 0.01)
            }
        case .silent:
            return idle("silent")
        case .edgeIDs:
            let post = router.firstPostID() ?? "p1"
            let like = router.likeSnapshot(of: post) ?? (false, 0, 0)
            let event = "event: likes\ndata: {\"id\":\"\(post)\",\"likeCount\":\(like.likeCount),\"liked\":\(like.liked),\"version\":\(like.version)}\n\n"
            let lines = "id: \(Int.max)\n" + event
                + "id: \(Int.max)\nevent: reset\ndata: {\"latest\":\(Int.max)}\n\n"
                + "id: 0\nevent: reset\ndata: {\"latest\":0}\n\n"
                + "id: 9223372036854775808\n" + event + "id: -1\n" + event
            guard writer.write(Data(lines.utf8)) else { return "the client went away (edge ids)" }
            return idle("edge ids")
        case .controlBytes:
            let osc52 = "\u{1B}]52;c;ZXZpbA==\u{07}"
            let lines = "id: \(osc52)\nevent: likes\ndata: {\"id\":\"p1\",\"likeCount\":1,\"liked\":false}\n\n"
                + "id: \(last + 1)\nevent: \u{1B}[2J\u{07}\ndata: \u{1B}[2J\n\n"
                + "id: \(last + 2)\nevent: flags\ndata: {\"flags\":{\"\\u001b]0;pwned\\u0007\":true}}\n\n"
                + "id: \(last + 3)\nevent: new-posts\ndata: {\"newest\":\"p\\u001b[31m\\u202e1\",\"count\":1}\n\n"
                + "id: \(last + 4)\nevent: likes\ndata: {\"id\":\"p\\u001b]52;c;eA==\\u0007\",\"likeCount\":7,\"liked\":true}\n\n"
            guard writer.write(Data(lines.utf8)) else { return "the client went away (control bytes)" }
            return idle("control bytes")
        case .closeAtOnce:
            _ = writer.write(Data(": closing at once\n\n".utf8))
            return "closed at once (close-at-once)"
        }
        return "the hostile stream (\(fault.rawValue)) ended"
    }

    /// Sends nothing more until the client goes or the fault is lifted.
    private func idle(_ what: String) -> String {
        while writer.isOpen && router.faults.liveFault != nil { Thread.sleep(forTimeInterval: 0.1) }
        return "the client went away (\(what))"
    }
}
