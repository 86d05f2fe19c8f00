/// One entry of the config's `"features"`: the modules that make up a feature (Tuist's modular
/// architecture — interface, implementations, testing, tests, demo).
struct FeatureDefinition: Equatable, Sendable {
    /// The feature's name (`Feed`); its demo is `<name>Demo` unless `demo` says otherwise.
    let name: String
    /// The interface module (role `interface`).
    let interface: String
    /// The implementation modules (role `implementation`).
    let implementations: [String]
    /// The test-support module with its fakes (role `testsupport`), when it exists yet.
    let testing: String?
    /// The test targets (role `tests`).
    let tests: [String]
    /// The demo executable (role `example`), when it exists yet.
    let demo: String?
    /// The config line the feature starts on.
    let configLine: Int
    /// The config line of each part, by target name.
    let partLines: [String: Int]

    /// The config line of `part`, else the feature's.
    func line(of part: String) -> Int {
        partLines[part] ?? configLine
    }
}
