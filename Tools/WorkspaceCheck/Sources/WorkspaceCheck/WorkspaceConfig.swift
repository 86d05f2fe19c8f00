import Foundation

/// The checker's configuration (`Tools/workspace.json`): roles, budgets, `#if` conditions, allow
/// entries, owning teams and features. Every value remembers its line, so errors point into the file.
struct WorkspaceConfig: Sendable {
    /// The config file, relative to the package root (for messages).
    let file: String
    /// The roles, in written order (the first matching pattern wins).
    let roles: [RoleDefinition]
    /// Per-module budgets, overriding the role's default.
    let budgets: [String: SizeBudget]
    /// How unused dependencies are reported; `nil` means not at all.
    let unusedDependencySeverity: Violation.Severity?
    /// The `#if` conditions with a known value (package modules are added at check time).
    let conditions: CompilationConditions
    /// The exceptions.
    let allow: [AllowEntry]
    /// The owning teams, by key.
    let teams: [String: Team]
    /// The owner of each module listed in `"owners"`, in written order.
    let owners: [OwnerEntry]
    /// CODEOWNERS paths that are not module folders (`/Package.swift`), with their teams.
    let ownedPaths: [OwnerEntry]
    /// The features and their parts: the config's, in written order, then the manifests' (by path).
    var features: [FeatureDefinition]
    /// The byte budgets of the shipping binary and the modules linked into it (`binary`), if set.
    var binary: BinaryBudgets? = nil
    /// The launch-time budget of the shipping binary (`launch`), if set.
    var launch: LaunchBudget? = nil

    /// Where the config lives when `--config` is not given.
    static let defaultPath = "Tools/workspace.json"

    /// Conditions used when the config has no `conditions` member.
    static let defaultActiveConditions: Set<String> = ["os(Linux)"]

    /// Reads the config at `path` (absolute); `file` is how messages name it.
    static func load(path: String, file: String) throws(UsageError) -> WorkspaceConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("no config at \(file); create it (see Tools/WorkspaceCheck/README.md) or pass --config FILE")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: file)
    }

    /// Parses config text; `file` is how messages name it.
    static func parse(_ text: String, file: String) throws(UsageError) -> WorkspaceConfig {
        let root: JSONNode
        do {
            root = try JSONNodeParser.parse(text)
        } catch {
            throw UsageError("\(file):\(error.line): \(error.message); fix the JSON syntax")
        }
        let reader = ConfigReader(file: file)
        return try reader.read(root)
    }
}

extension WorkspaceConfig {
    /// The feature `demo` is the demo of: the one whose `"demo"` names it, else the one named
    /// like it without its `Demo` suffix.
    func feature(ofDemo demo: String) -> FeatureDefinition? {
        features.first { $0.demo == demo } ?? features.first { $0.demo == nil && "\($0.name)Demo" == demo }
    }

    /// The feature that lists `module` among its implementations.
    func feature(implementing module: String) -> FeatureDefinition? {
        features.first { $0.implementations.contains(module) }
    }

    /// The implementations a demo may link (`$feature`): its feature's, else the module named
    /// like the demo without its `Demo` suffix.
    func ownFeatureModules(ofDemo demo: String, targets: Set<String>) -> [String] {
        if let feature = feature(ofDemo: demo) { return feature.implementations }
        let stem = demo.hasSuffix("Demo") ? String(demo.dropLast("Demo".count)) : demo
        return targets.contains(stem) && stem != demo ? [stem] : []
    }
}
