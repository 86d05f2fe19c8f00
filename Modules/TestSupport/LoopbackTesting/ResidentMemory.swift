import Foundation

/// The resident memory of process `pid` (this process when nil) in bytes, from
/// `/proc/<pid>/status` (VmRSS).
public func residentBytes(of pid: Int32? = nil) throws -> Int {
    let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
    let status = try String(contentsOfFile: path, encoding: .utf8)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { throw RawClientError("no VmRSS in \(path)") }
    return kilobytes * 1024
}
