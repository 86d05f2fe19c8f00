/// The config's `"binary"`: how many bytes the shipping binary and each module linked into it may
/// take (text + data of the release objects; the linked binary's own allocated sections).
struct BinaryBudgets: Equatable, Sendable {
    /// A budget of bytes and the config line it is written on.
    struct Limit: Equatable, Sendable {
        /// The most bytes allowed.
        let bytes: Int
        /// The config line.
        let configLine: Int
        /// The file it is written in when not the config: a feature's manifest.
        var file: String? = nil
    }

    /// The shipping product (`feed`), the file name in the release build directory.
    let product: String
    /// The executable target the product is built from (`Host`); its dependency closure ships.
    let target: String
    /// The linked product's own budget (text + data of its allocated sections).
    var total: Limit
    /// Each module's budget (the config's, and those a feature's manifest declares, which the total
    /// counts too); a module without one is a warning, never a failure.
    var modules: [String: Limit]
    /// The config line of `"binary"`.
    let configLine: Int
}
