import Foundation

/// What an answer's `Cache-Control` and `ETag` headers allow: whether to store it, how long it
/// stays fresh, and the validator to revalidate it with.
struct CachePolicy: Codable, Hashable, Sendable {
    /// Seconds the answer stays fresh after it was received (`max-age`); nil when not given.
    var maxAge: Int?
    /// `immutable`: fresh for as long as it is kept.
    var immutable = false
    /// `no-store`: never written to disk.
    var noStore = false
    /// `no-cache`: stored, but revalidated before every use.
    var noCache = false
    /// The validator for `If-None-Match`, if a safe one was given.
    var etag: String?

    /// The longest freshness honoured, so a hostile number cannot pin a photo for ever.
    static let maxAgeLimit = 365 * 24 * 3600

    init(maxAge: Int? = nil, immutable: Bool = false, noStore: Bool = false, noCache: Bool = false, etag: String? = nil) {
        self.maxAge = maxAge
        self.immutable = immutable
        self.noStore = noStore
        self.noCache = noCache
        self.etag = etag
    }

    /// Reads `cache-control` and `etag` from headers with lowercased names.
    init(headers: [String: String]) {
        etag = headers["etag"].flatMap(Self.validETag)
        guard let value = headers["cache-control"] else { return }
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            // A directive may be empty ("=", ",,"): nothing to read, never a trap.
            guard let name = parts.first else { continue }
            switch name.lowercased() {
            case "max-age":
                // Conflicting values: the smallest wins (the safe reading).
                if parts.count == 2, let seconds = Self.seconds(parts[1]) { maxAge = min(maxAge ?? .max, seconds) }
            case "immutable": immutable = true
            case "no-store": noStore = true
            case "no-cache": noCache = true
            default: continue
            }
        }
    }

    /// Whether a copy received at `storedAt` may be used at `now` without asking the server.
    func isFresh(storedAt: Date, now: Date) -> Bool {
        if noCache { return false }
        if immutable { return true }
        guard let maxAge else { return false }
        let age = max(0, now.timeIntervalSince(storedAt))
        return age < Double(maxAge)
    }

    /// Whether keeping a copy on disk can ever save a download.
    var isWorthStoring: Bool {
        !noStore && (immutable || (maxAge ?? 0) > 0 || etag != nil)
    }

    /// A `max-age` value: digits, optionally quoted, capped at a year.
    private static func seconds(_ text: String) -> Int? {
        let digits = text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 ? String(text.dropFirst().dropLast()) : text
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return min(Int(digits) ?? maxAgeLimit, maxAgeLimit)
    }

    /// An ETag safe to send back: short, printable ASCII, no line breaks.
    private static func validETag(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 256,
              trimmed.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value <= 0x7E })
        else { return nil }
        return trimmed
    }
}
