/// Server-Sent Events read as bytes arrive, in bounded memory: a line or an event longer than
/// `maxBytes` is a problem (the caller drops the connection), never a bigger buffer. Lines end in
/// LF, CR or CRLF; comments and unknown fields are skipped; invalid UTF-8 is replaced.
struct SSEParser: Sendable {
    /// One dispatched event: its `id:` (as sent), `event:` name and joined `data:` lines.
    struct Message: Hashable, Sendable {
        var id: String?
        var event: String
        var data: String
    }

    /// Why the stream cannot be read on.
    enum Problem: Error, Hashable, Sendable {
        /// A line passed the limit without ending.
        case lineTooLong(limit: Int)
        /// An event's data passed the limit before the blank line that ends it.
        case eventTooLarge(limit: Int)
    }

    private let maxBytes: Int
    private var line: [UInt8] = []
    private var afterCR = false
    private var event = ""
    private var data: [UInt8] = []
    private var hasData = false
    private var id: String?

    /// A parser that accepts lines and events of up to `maxBytes`.
    init(maxBytes: Int) {
        self.maxBytes = max(16, maxBytes)
        line.reserveCapacity(256)
    }

    /// Reads `bytes`, calling `emit` for each complete event; throws at the first problem.
    mutating func feed(_ bytes: some Sequence<UInt8>, emit: (Message) -> Void) throws(Problem) {
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A, 0x0D:
                afterCR = byte == 0x0D
                try endLine(emit)
            default:
                guard line.count < maxBytes else { throw .lineTooLong(limit: maxBytes) }
                line.append(byte)
            }
        }
    }

    private mutating func endLine(_ emit: (Message) -> Void) throws(Problem) {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            if hasData { emit(Message(id: id, event: event.isEmpty ? "message" : event, data: String(decoding: data, as: UTF8.self))) }
            (event, hasData, id) = ("", false, nil)
            data.removeAll(keepingCapacity: true)
            return
        }
        if line[0] == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let name = String(decoding: line[..<colon], as: UTF8.self)
        var start = colon < line.endIndex ? colon + 1 : colon
        if start < line.endIndex, line[start] == UInt8(ascii: " ") { start += 1 }
        let value = line[start...]
        switch name {
        case "data":
            guard data.count + value.count < maxBytes else { throw .eventTooLarge(limit: maxBytes) }
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "event":
            event = String(decoding: value.prefix(64), as: UTF8.self)
        case "id" where !value.contains(0):
            id = String(decoding: value.prefix(64), as: UTF8.self)
        default:
            break
        }
    }
}
