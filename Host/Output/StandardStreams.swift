import Foundation

/// Writes whole lines to stdout and stderr, flushed at once so a pipe sees each line when it is done.
enum StandardStreams {
    /// Writes `line` and a newline to stdout.
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Writes `line` and a newline to stderr.
    static func err(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
