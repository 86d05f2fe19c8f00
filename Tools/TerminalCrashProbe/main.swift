// `terminal-crash-probe trap|abort|fault`: takes the terminal as the feed screen does (raw mode,
// the alternate screen, a hidden cursor, stderr held), writes a log line carrying an escape
// sequence to the held stderr, says `screen up` on the screen, then crashes: a Swift trap
// (SIGILL), abort() (SIGABRT) or a read of address 0 (SIGSEGV). A test runs it in a terminal and
// checks that the crash put the terminal back and wrote the held lines, made safe, before the end.
import Foundation
import TerminalApp
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

let mode = CommandLine.arguments.dropFirst().first ?? ""
guard ["trap", "abort", "fault"].contains(mode) else {
    FileHandle.standardError.write(Data("usage: terminal-crash-probe trap|abort|fault\n".utf8))
    exit(2)
}
let terminal = Terminal()
do {
    try terminal.enterRawMode()
} catch {
    FileHandle.standardError.write(Data("terminal-crash-probe: \(error)\n".utf8))
    exit(2)
}
let held = StandardErrorHold()
FileHandle.standardError.write(Data("probe: a held line \u{1B}]52;c;ZXZpbA==\u{07} with an escape\n".utf8))
try? terminal.write("screen up")
switch mode {
case "trap":
    // An index out of range, as a crash in the app would be: the runtime traps (SIGILL).
    let values = [Int](repeating: 0, count: CommandLine.arguments.count)
    print(values[values.count + 1])
case "abort":
    abort()
default:
    let address = UnsafePointer<Int>(bitPattern: Int(CommandLine.arguments.count / 100 + 8))
    print(address!.pointee)
}
held.release()
