/// Sampling by install: a stable hash of the install ID decides, so one install sends all of its
/// sampled events or none, and the same install decides the same way on every run.
public enum Sampling {
    /// Whether the install `installID` is in a sample of `rate` (0…1).
    public static func includes(installID: String, rate: Double) -> Bool {
        guard rate < 1 else { return true }
        guard rate > 0 else { return false }
        return Double(fnv1a(installID) >> 11) / Double(UInt64(1) << 53) < rate
    }

    /// FNV-1a, 64 bits: stable across runs and machines, unlike `Hasher`.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        // The last step mixes the high bits, which the comparison reads.
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }
}
