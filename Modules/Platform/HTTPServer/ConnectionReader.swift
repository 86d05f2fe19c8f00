/// Buffered reads from one connection socket, each bounded by a deadline that does not restart
/// when bytes arrive.
struct ConnectionReader {
    /// What reading a line produced.
    enum Line {
        case line([UInt8])
        /// The peer closed, the deadline passed, or the socket failed; `partial` says whether
        /// some bytes of the line had arrived, `timedOut` whether the deadline passed.
        case ended(partial: Bool, timedOut: Bool)
        /// The line is longer than the bytes allowed.
        case tooLong
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var deadline = ContinuousClock.now
    /// Once the first byte arrives, the deadline becomes that moment plus this budget.
    private var afterFirstByte: Duration?
    /// Whether the last read ended because the deadline passed.
    private(set) var timedOut = false

    init(fd: Int32) {
        self.fd = fd
    }

    /// Whether bytes of a next request are already buffered (pipelined).
    var hasBufferedBytes: Bool { buffer.count > start }

    /// Waits at most `idle` for the first byte of the next request, then at most `total` (from
    /// that byte) for all of it: the head's deadline does not move while bytes trickle in.
    mutating func expectRequest(firstByteWithin idle: Duration, thenAllWithin total: Duration) {
        timedOut = false
        if hasBufferedBytes {
            deadline = .now + total
            afterFirstByte = nil
        } else {
            deadline = .now + idle
            afterFirstByte = total
        }
    }

    /// Every following read must be done within `total` from now.
    mutating func expectAll(within total: Duration) {
        timedOut = false
        deadline = .now + total
        afterFirstByte = nil
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
            guard fill() else { return .ended(partial: hasBufferedBytes, timedOut: timedOut) }
        }
    }

    /// Reads exactly `count` bytes; nil when the connection ended or the deadline passed first.
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
        let remaining = deadline - .now
        guard remaining > .zero, Socket.waitReadable(fd, within: remaining) else {
            timedOut = true
            return false
        }
        guard let chunk = Socket.receive(fd) else { return false }
        buffer.append(contentsOf: chunk)
        if let total = afterFirstByte {
            deadline = .now + total
            afterFirstByte = nil
        }
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
