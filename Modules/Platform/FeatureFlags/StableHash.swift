/// FNV-1a over UTF-8, 64 bits, as hex: the same value in every run and on every platform
/// (unlike `Hasher`), for file names and fingerprints.
enum StableHash {
    /// The hash of `text` as 16 hex digits or fewer.
    static func of(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
