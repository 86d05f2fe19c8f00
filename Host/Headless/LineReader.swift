import Foundation

/// Lines of standard input as an async sequence, read on a thread of their own so a blocking
/// read never holds a Swift concurrency thread.
enum LineReader {
    /// The lines of stdin without their newlines; finishes at end of input.
    static func standardInput() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            thread.name = "stdin"
            thread.start()
        }
    }
}
