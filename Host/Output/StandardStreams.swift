import Foundation
import SafeText

#if canImport(Glibc)
    import Glibc
#endif

/// Writes whole lines to stdout and stderr with `write(2)`, at once, so a pipe sees each line when
/// it is done. A closed pipe is reported, never a crash: SIGPIPE is ignored from the start.
enum StandardStreams {
    /// Ignores SIGPIPE, so writing to a closed pipe fails with EPIPE instead of killing the process.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `line` and a newline to stdout; `false` when stdout is closed.
    @discardableResult
    static func out(_ line: String) -> Bool {
        write(line + "\n", to: STDOUT_FILENO)
    }

    /// Writes `line` and a newline to stderr, made safe: a log line may quote a server, a file or
    /// the environment, and no escape sequence, control or bidi character of theirs reaches the
    /// terminal. `false` when stderr is closed.
    @discardableResult
    static func err(_ line: String) -> Bool {
        write(SafeText.lines(line, limit: 4_000, maxLines: 2_000) + "\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }
}
