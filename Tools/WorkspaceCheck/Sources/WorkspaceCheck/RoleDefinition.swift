import Foundation

/// A role from the config: which targets have it and what they may depend on.
struct RoleDefinition: Equatable, Sendable {
    /// The role's name (`interface`, `implementation`…).
    let name: String
    /// Targets listed by name, with the config line of each.
    let targets: [String: Int]
    /// Folders (relative to the package root) whose modules have this role, e.g. `Modules/Platform`;
    /// a listed target wins over a folder, a folder over a pattern.
    let folders: [String]
    /// Name patterns with `*` (`*Tests`); explicit targets and folders win over patterns.
    let patterns: [String]
    /// Roles this role may depend on; `*` is anything, `$module` the module a pattern's `*` matched, `$contract` the interface named `<module>Interface`.
    let mayDependOn: [String]
    /// Roles whose modules this role may `@_exported import`; `nil` means no limit.
    let mayExport: [String]?
    /// Why the role's limits exist.
    let why: String
    /// Extra advice for fixing a forbidden edge, if any.
    let fix: String?
    /// The default size budget of the role's modules, if any.
    let budget: SizeBudget?
    /// The Mermaid/DOT fill colour of the role's nodes.
    let color: String
    /// The config line the role starts on.
    let configLine: Int

    /// Whether a role may depend on anything.
    var mayDependOnAnything: Bool {
        mayDependOn.contains("*")
    }

    /// Matches `name` against a `*` pattern; returns what the first `*` matched, or nil.
    static func match(_ name: String, pattern: String) -> String? {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return name == pattern ? "" : nil }
        guard name.hasPrefix(pieces[0]), name.hasSuffix(pieces[pieces.count - 1]),
              name.count >= pieces[0].count + pieces[pieces.count - 1].count else { return nil }
        var rest = Substring(name.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count))
        var capture: Substring?
        for piece in pieces.dropFirst().dropLast() {
            guard let range = rest.range(of: piece) else { return nil }
            if capture == nil { capture = rest[..<range.lowerBound] }
            rest = rest[range.upperBound...]
        }
        return String(capture ?? rest)
    }
}
