import Foundation

/// One photo file on disk: a small header (magic, length, JSON metadata) followed by the JPEG or PNG
/// bytes. Anything that does not parse exactly is treated as absent.
struct DiskEntry: Hashable, Sendable {
    /// The photo's address without any user or password in it (two addresses may share a file
    /// name; the header says whose it is).
    let url: URL
    /// When the answer was received (or last revalidated).
    let storedAt: Date
    /// What the server said about caching it.
    let policy: CachePolicy
    /// The photo's bytes, JPEG or PNG.
    let body: Data

    private struct Header: Codable {
        let url: String
        let storedAt: Double
        let policy: CachePolicy
    }

    private static let magic = Data("FEEDIMG1".utf8)
    /// The largest metadata accepted.
    static let maxHeaderBytes = 16 << 10

    /// The file's bytes, or nil when the metadata would be too large (a megabyte URL).
    func encoded() -> Data? {
        let header = Header(url: url.absoluteString, storedAt: storedAt.timeIntervalSince1970, policy: policy)
        guard let json = try? JSONEncoder().encode(header), json.count <= Self.maxHeaderBytes else { return nil }
        var data = Self.magic
        let length = UInt32(json.count)
        data.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
        data.append(json)
        data.append(body)
        return data
    }

    /// Parses a file's bytes; nil for anything malformed (wrong magic, bad lengths, bad JSON, no body).
    init?(decoding data: Data) {
        let bytes = [UInt8](data.prefix(Self.magic.count + 4))
        guard bytes.count == Self.magic.count + 4, Data(bytes.prefix(Self.magic.count)) == Self.magic else { return nil }
        let length = bytes[8...11].reduce(0) { $0 << 8 | Int($1) }
        let start = data.startIndex + Self.magic.count + 4
        guard length > 0, length <= Self.maxHeaderBytes, data.count > Self.magic.count + 4 + length else { return nil }
        guard let header = try? JSONDecoder().decode(Header.self, from: data[start..<start + length]),
              let url = URL(string: header.url), header.storedAt.isFinite
        else { return nil }
        self.url = url
        self.storedAt = Date(timeIntervalSince1970: header.storedAt)
        self.policy = header.policy
        self.body = Data(data[(start + length)...])
    }

    init(url: URL, storedAt: Date, policy: CachePolicy, body: Data) {
        self.url = Self.key(url)
        self.storedAt = storedAt
        self.policy = policy
        self.body = body
    }

    /// `url` as the cache keeps it: without `user:password@`, which never goes to the disk.
    static func key(_ url: URL) -> URL {
        guard url.user != nil || url.password != nil, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        parts.user = nil
        parts.password = nil
        return parts.url ?? url
    }

    /// The file name for `url`: 16 hex digits of the FNV-1a hash of its key and `.img`.
    static func fileName(for url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key(url).absoluteString.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".img"
    }

    /// Whether `name` has the shape `fileName(for:)` produces.
    static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 20 && name.hasSuffix(".img")
            && name.utf8.prefix(16).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
