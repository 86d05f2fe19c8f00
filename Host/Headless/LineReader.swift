import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Lines of standard input as an async sequence, read on a thread of their own so a blocking
/// read never holds a Swift concurrency thread. Memory is bounded both ways: past `maxLineBytes`
/// the rest of a line is skipped, and the reader waits while `maxPendingLines` are not yet taken.
struct LineReader: AsyncSequence {
    typealias Element = String

    /// The longest line kept, in bytes; a headless command is a few dozen.
    static let maxLineBytes = 64 * 1024
    /// The most lines read ahead of the driver.
    static let maxPendingLines = 256

    private let lines: AsyncStream<String>
    private let taken: DispatchSemaphore

    /// The lines of stdin without their newlines; finishes at end of input.
    static func standardInput() -> LineReader {
        LineReader(descriptor: STDIN_FILENO)
    }

    private init(descriptor: Int32) {
        let taken = DispatchSemaphore(value: Self.maxPendingLines)
        self.taken = taken
        lines = AsyncStream { continuation in
            let thread = Thread {
                var line: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 16 * 1024)
                func emit() {
                    taken.wait()
                    continuation.yield(String(decoding: line, as: UTF8.self))
                    line.removeAll(keepingCapacity: true)
                }
                while true {
                    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    for byte in chunk[0..<count] {
                        if byte == UInt8(ascii: "\n") {
                            emit()
                        } else if line.count < Self.maxLineBytes {
                            line.append(byte)
                        }
                    }
                }
                if !line.isEmpty { emit() }
                continuation.finish()
            }
            thread.name = "stdin"
            thread.start()
        }
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(lines: lines.makeAsyncIterator(), taken: taken)
    }

    /// Takes lines one by one, letting the reader read one more for each.
    struct Iterator: AsyncIteratorProtocol {
        var lines: AsyncStream<String>.Iterator
        let taken: DispatchSemaphore

        mutating func next() async -> String? {
            let line = await lines.next()
            if line != nil { taken.signal() }
            return line
        }
    }
}
