import Foundation

/// The lines a child writes to one pipe, read on a thread of their own and handed out in order
/// with a deadline. `keepLast` bounds what is kept (for stderr: only the tail matters).
final class PipeLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false
    private let keepLast: Int?
    /// A line longer than this is cut: a runaway child cannot balloon this process.
    private static let maxLineBytes = 16 << 20

    /// Starts reading `handle` until end of file.
    init(_ handle: FileHandle, keepLast: Int? = nil) {
        self.keepLast = keepLast
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    deliver(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
                if pending.count > Self.maxLineBytes {
                    deliver(String(decoding: pending.prefix(Self.maxLineBytes), as: UTF8.self))
                    pending.removeAll()
                }
            }
            if !pending.isEmpty { deliver(String(decoding: pending, as: UTF8.self)) }
            try? handle.close()
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }
    }

    private func deliver(_ line: String) {
        condition.lock()
        lines.append(line)
        if let keepLast, lines.count > keepLast { lines.removeFirst(lines.count - keepLast) }
        condition.signal()
        condition.unlock()
    }

    /// The next line; nil when none came before `deadline` or the pipe ended.
    func next(before deadline: Date) -> String? {
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty && !ended {
            if !condition.wait(until: deadline) { break }
        }
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    /// Whether the pipe ended (the child closed it or exited).
    var isEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended && lines.isEmpty
    }

    /// Waits until the pipe ended, at most until `deadline`; returns the lines not handed out.
    func rest(before deadline: Date) -> [String] {
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { break }
        }
        return lines
    }

    /// The lines not handed out yet, without waiting.
    var unread: [String] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }
}
