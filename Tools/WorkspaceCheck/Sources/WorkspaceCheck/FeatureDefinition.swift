/// One feature: the modules that make it up (Tuist's modular architecture — interface,
/// implementations, testing, tests, demo), its owner and the follow-ups it plugs into the host.
/// Declared by its manifest (`feature.json` in its implementation's folder) or in the config's
/// `"features"`.
struct FeatureDefinition: Equatable, Sendable {
    /// The feature's name (`Feed`); its demo is `<name>Demo` unless `demo` says otherwise.
    let name: String
    /// The interface module (role `interface`); a follow-up that no other module calls may have
    /// none (it reaches the app through the plugin contract).
    let interface: String?
    /// The implementation modules (role `implementation`).
    let implementations: [String]
    /// The test-support module with its fakes (role `testsupport`), when it exists yet.
    let testing: String?
    /// The test targets (role `tests`).
    let tests: [String]
    /// The demo executable (role `example`), when it exists yet.
    let demo: String?
    /// The team that owns every part not listed in `"owners"`, if the feature names one.
    var owner: String? = nil
    /// The config line of `"owner"`.
    var ownerLine: Int? = nil
    /// The features its tests may also link (`"meets"`): a follow-up's tests of how it meets the
    /// screens it plugs into live in its own folder.
    var meets: [String] = []
    /// The byte budgets of its modules in the shipping binary (`"binary"`), which the binary's total counts too.
    var binary: [String: BinaryBudgets.Limit] = [:]
    /// The follow-ups it declares, in written order.
    var plugins: [PluginDefinition] = []
    /// The file that declares it (its manifest, or the config), as messages name it.
    var file: String = ""
    /// The config line the feature starts on.
    let configLine: Int
    /// The config line of each part, by target name.
    let partLines: [String: Int]

    /// Every part: interface, implementations, testing module, test targets and demo.
    var parts: [String] { [interface].compactMap { $0 } + implementations + [testing].compactMap { $0 } + tests + [demo].compactMap { $0 } }

    /// The config line of `part`, else the feature's.
    func line(of part: String) -> Int {
        partLines[part] ?? configLine
    }
}
