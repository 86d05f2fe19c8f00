import Foundation

/// Reads one HTTP response as libcurl hands it over: header lines one by one, then the decoded
/// body in pieces. It keeps the body while it streams in and says stop at the limit, refuses a
/// declared length over the limit before any body, and ends a redirect at its headers.
struct ResponseCollector: Sendable {
    /// Why the collector asked libcurl to stop before the end, or what it decided at the headers.
    enum Ending: Equatable, Sendable {
        /// A redirect (3xx with `Location`): the attempt follows it; its body is not wanted.
        case redirect(status: Int, location: String)
        /// The client refused the answer (a body over the limit, headers too large).
        case refused(HTTPError)
    }

    /// The most header bytes kept for one response; libcurl itself refuses more than 300 KB.
    static let maxHeaderBytes = 64 << 10

    private let maxBodyBytes: Int
    private let host: String
    /// The final response's status, once its status line arrived.
    private(set) var status: Int?
    /// Its headers in order, names as sent.
    private(set) var headers: [(name: String, value: String)] = []
    /// Whether the final response's headers are complete (a 1xx response does not count).
    private(set) var headersComplete = false
    /// What was decided before the end, if anything.
    private(set) var ending: Ending?
    /// The body so far (decoded).
    private(set) var body = Data()
    private var headerBytes = 0
    /// While draining (the caller gave up; see `drain(upTo:)`), the body bytes still accepted.
    private var drainBudget: Int?
    /// Where a 2xx body goes as it arrives, instead of being kept (a stream); `false` stops it.
    private let sink: (@Sendable (UnsafeRawBufferPointer) -> Bool)?

    /// A collector that accepts `maxBodyBytes` of body from `host` (`host:port`, for errors).
    init(maxBodyBytes: Int, host: String, sink: (@Sendable (UnsafeRawBufferPointer) -> Bool)? = nil) {
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.host = host
        self.sink = sink
    }

    /// One header line with its CRLF, the status line included; `false` means stop the transfer.
    mutating func header(_ line: UnsafeRawBufferPointer) -> Bool {
        if drainBudget != nil { return true }
        guard ending == nil else { return false }
        headerBytes += line.count
        guard headerBytes <= Self.maxHeaderBytes else {
            return stop(.refused(.malformedReply(host: host, reason: "the headers are larger than 64 KB")))
        }
        var text = String(decoding: line, as: UTF8.self)
        while let last = text.last, last.isNewline { text.removeLast() }
        if text.hasPrefix("HTTP/") {
            // A new response begins (after a 1xx): what came before does not count.
            status = Self.statusCode(text)
            headers = []
            headersComplete = false
            return true
        }
        if text.isEmpty { return headersEnded() }
        if let first = text.first, first == " " || first == "\t", !headers.isEmpty {
            // An obsolete folded line continues the previous header.
            headers[headers.count - 1].value += " " + text.trimmingCharacters(in: .whitespaces)
            return true
        }
        guard let colon = text.firstIndex(of: ":") else { return true }
        let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        if !name.isEmpty { headers.append((name, value)) }
        return true
    }

    /// A piece of the decoded body; `false` means stop the transfer (over the limit, or a
    /// redirect whose body is not wanted).
    mutating func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let budget = drainBudget {
            drainBudget = budget - bytes.count
            return bytes.count <= budget
        }
        guard ending == nil else { return false }
        if let sink, let status, (200..<300).contains(status) { return sink(bytes) }
        guard bytes.count <= maxBodyBytes - body.count else {
            return stop(.refused(.bodyTooLarge(limit: maxBodyBytes)))
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// The value of header `name` (the last one when sent twice), matched without regard to case.
    func header(named name: String) -> String? {
        headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The headers as one dictionary; a name sent twice has its values joined with ", ".
    var headerFields: [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            fields[key] = fields[key].map { "\($0), \(value)" } ?? value
        }
        return fields
    }

    /// Drops the body, for an answer that will not be returned.
    mutating func discardBody() { body = Data() }

    /// From now on reads the rest of the answer without keeping it, so its connection can serve
    /// the next request; says stop once more than `maxBytes` of body arrived.
    mutating func drain(upTo maxBytes: Int) {
        drainBudget = max(0, maxBytes)
        body = Data()
    }

    private mutating func headersEnded() -> Bool {
        guard let status else { return true }
        if (100..<200).contains(status) { return true }
        headersComplete = true
        if Self.redirectStatuses.contains(status), let location = header(named: "Location"), !location.isEmpty {
            ending = .redirect(status: status, location: location)
            // Nothing to read after the headers: let the exchange end so the connection stays usable.
            return declaredLength == 0
        }
        if let declared = declaredLength, declared > Int64(maxBodyBytes), sink == nil || !(200..<300).contains(status) {
            return stop(.refused(.bodyTooLarge(limit: maxBodyBytes)))
        }
        // Never more than the body may hold: a stream may declare any length and is read in pieces.
        if sink == nil, let declared = declaredLength, declared > 0 { body.reserveCapacity(Int(min(declared, Int64(maxBodyBytes)))) }
        return true
    }

    /// The Content-Length, when it is one non-negative number.
    private var declaredLength: Int64? {
        header(named: "Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    private mutating func stop(_ ending: Ending) -> Bool {
        self.ending = ending
        body = Data()
        return false
    }

    /// The statuses whose `Location` the attempt follows (300, 304 and 305 are not redirects to follow).
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// `200` from `HTTP/1.1 200 OK`; nil when the second word is not a three-digit number.
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[1].count == 3, let code = Int(parts[1]), (100...999).contains(code) else { return nil }
        return code
    }
}
