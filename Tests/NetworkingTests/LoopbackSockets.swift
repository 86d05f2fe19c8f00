import Foundation

/// This process's TCP sockets, found through /proc.
enum LoopbackSockets {
    /// The descriptors of this process's established TCP sockets whose remote end is
    /// 127.0.0.1:`port` (the client ends of connections to a server on that port).
    static func connected(toPort port: UInt16) -> [Int32] {
        // Read to the end: the kernel hands the table over a page at a time.
        let data = FileHandle(forReadingAtPath: "/proc/self/net/tcp")?.readDataToEndOfFile() ?? Data()
        let table = String(decoding: data, as: UTF8.self)
        let remote = String(format: "0100007F:%04X", port)
        var inodes: Set<String> = []
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
            guard fields.count > 9, fields[2] == remote, fields[3] == "01" else { continue }
            inodes.insert(String(fields[9]))
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { name -> Int32? in
            guard let fd = Int32(name),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                target.hasPrefix("socket:["), inodes.contains(String(target.dropFirst(8).dropLast()))
            else { return nil }
            return fd
        }
    }
}
