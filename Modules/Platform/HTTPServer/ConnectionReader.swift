/// Buffered reads from one connection socket.
struct ConnectionReader {
    /// What reading a line produced.
    enum Line {
        case line([UInt8])
        /// The peer closed, the idle timeout passed, or the socket failed; `partial` says whether
        /// some bytes of the line had arrived.
        case ended(partial: Bool)
        /// The line is longer than the bytes allowed.
        case tooLong
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    init(fd: Int32) {
        self.fd = fd
    }

    /// Reads one line ending in LF (a preceding CR is dropped), allowing at most `limit` bytes
    /// including the line ending.
    mutating func readLine(limit: Int) -> Line {
        var scanned = start
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                let length = newline + 1 - start
                if length > limit { return .tooLong }
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                compact()
                return .line(line)
            }
            if buffer.count - start >= limit { return .tooLong }
            scanned = buffer.count
            guard fill() else { return .ended(partial: buffer.count > start) }
        }
    }

    /// Reads exactly `count` bytes; nil when the connection ended first.
    mutating func read(count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        compact()
        return bytes
    }

    private mutating func fill() -> Bool {
        guard let chunk = Socket.receive(fd) else { return false }
        buffer.append(contentsOf: chunk)
        return true
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 64 << 10 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
