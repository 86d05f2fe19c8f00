/// The allocated sizes of an object file, by kind of section.
struct ObjectSize: Equatable, Sendable {
    /// Executable code: allocated sections with SHF_EXECINSTR.
    var text = 0
    /// Initialized data, writable or read-only (metadata, constants, unwind tables): allocated,
    /// not executable, not NOBITS.
    var data = 0
    /// Zero-initialized data (NOBITS): takes memory but no file space; not counted in `total`.
    var bss = 0

    /// What the budget counts: text + data.
    var total: Int { text + data }

    static func + (lhs: ObjectSize, rhs: ObjectSize) -> ObjectSize {
        ObjectSize(text: lhs.text + rhs.text, data: lhs.data + rhs.data, bss: lhs.bss + rhs.bss)
    }
}
