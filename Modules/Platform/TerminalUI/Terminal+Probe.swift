import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Terminal {
    /// Asks the terminal what it can do (`TerminalAnswers.query`) and reads its answers until
    /// the DA1 answer, which comes last, or `timeout` (100 ms: what the first frame may wait when
    /// nothing answers). Input is unechoed meanwhile and put back as it was; at most 4 KiB is
    /// read. Nil when input or output is not a terminal or the settings cannot be changed.
    public func probe(timeout: Duration = .milliseconds(100)) -> TerminalAnswers? {
        guard Self.isTerminal(input), Self.isTerminal(output), !isRaw else { return nil }
        var original = termios()
        guard tcgetattr(input, &original) == 0 else { return nil }
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)
        withUnsafeMutableBytes(of: &quiet.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &quiet) == 0 else { return nil }
        defer { _ = tcsetattr(input, TCSANOW, &original) }
        // One RGB pixel in a file the terminal may read (and delete): whether photos can go as files.
        let files = KittyTempFiles()
        let file = files.write(Data([0, 0, 0]), suffix: "rgb")
        defer { files.removeAll() }
        guard (try? write(TerminalAnswers.query(kittyFile: file))) != nil else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now + min(max(timeout, .milliseconds(1)), .seconds(60))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while received.count < 4096 {
            let left = deadline - clock.now
            guard left > .zero else { break }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, min($0.count, 4096 - received.count)) }
            guard count > 0 else { break }
            received += chunk[0..<count]
            if TerminalAnswers.parse(received).answered { break }
        }
        return TerminalAnswers.parse(received)
    }
}
