/// Junk for the reference server's routes, each request different: 8 KB cursors, unknown
/// methods, post ids and paths that do not exist.
public enum HostileTraffic {
    /// Sends requests `start..<start+count` on keep-alive connections (a new one every
    /// `perConnection` requests); returns how many answers had each status.
    public static func send(port: UInt16, from start: Int, count: Int, perConnection: Int = 900) throws -> [Int: Int] {
        var statuses: [Int: Int] = [:]
        var client = try RawClient(port: port)
        let junk = String(repeating: "Zm9v", count: 2048)
        for number in start..<(start + count) {
            if number % perConnection == 0 { client = try RawClient(port: port) }
            let reply: RawReply
            switch number % 5 {
            case 0: reply = try client.request("GET", "/v1/feed?limit=5&cursor=\(number)\(junk)")
            case 1: reply = try client.request("JUNK\(number)", "/v1/feed")
            case 2: reply = try client.request("PUT", "/v1/posts/x\(number)\(junk.prefix(500))/like", body: #"{"liked":true}"#)
            case 3: reply = try client.request("GET", "/v1/users/u\(number)/posts?cursor=\(number)\(junk.prefix(500))")
            default: reply = try client.request("GET", "/junk/\(number)/\(junk.prefix(200))")
            }
            statuses[reply.status, default: 0] += 1
        }
        return statuses
    }
}
