import Foundation

/// Resident memory from `/proc`, the way `top` reads it.
enum MemoryProbe {
    /// VmRSS of process `pid` in bytes (`self` for this process); nil when it cannot be read.
    static func residentBytes(pid: Int32? = nil) -> Int? {
        let path = "/proc/\(pid.map(String.init) ?? "self")/status"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let number = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }

    /// `bytes` in MiB with one decimal, e.g. "18.4 MiB".
    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
