/// The parts of `swift package dump-package` the checker reads.
struct PackageManifest: Sendable {
    /// One dependency of a target, as declared.
    struct Dependency: Equatable, Sendable {
        /// The target or product name.
        let name: String
        /// The package of a product dependency; `nil` for a target of this package.
        let package: String?
    }

    /// One target of the package.
    struct Target: Sendable {
        /// The target's name (also its module name).
        let name: String
        /// `regular`, `executable`, `test`, `system`, `binary`, `plugin` or `macro`.
        let type: String
        /// The target's directory, relative to the package root.
        let path: String
        /// The declared `sources:`, relative to `path`, when given.
        let sources: [String]?
        /// The `exclude:` and `resources:` paths, relative to `path`.
        let excluded: [String]
        /// The declared dependencies, in order.
        let dependencies: [Dependency]
        /// Everything its declaration says, as one canonical text (two equal texts build alike).
        var declaration = ""

        /// Whether this is a test target.
        var isTest: Bool { type == "test" }
    }

    /// The package's name.
    let name: String
    /// The targets, in declaration order.
    let targets: [Target]
    /// Each product's declaration as canonical text, and the targets it is built from.
    var products: [String: (declaration: String, targets: [String])] = [:]
    /// What the package declares besides its targets and products (tools version, platforms,
    /// settings, dependencies), as canonical text; where the manifest lies is left out.
    var packageDeclaration = ""

    /// The target named `name`.
    func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    /// Reads the JSON printed by `swift package dump-package`; `root` is the package directory.
    static func decode(dumpPackageJSON text: String, root: String, fileExists: (String) -> Bool) throws(UsageError) -> PackageManifest {
        let node: JSONNode
        do {
            node = try JSONNodeParser.parse(text)
        } catch {
            throw UsageError("could not read the output of `swift package dump-package` (line \(error.line): \(error.message)); check that `swift package dump-package` works in \(root)")
        }
        let targetNames = Set((node["targets"]?.elements ?? []).compactMap { $0["name"]?.string })
        var targets: [Target] = []
        for element in node["targets"]?.elements ?? [] {
            guard let name = element["name"]?.string else { continue }
            let type = element["type"]?.string ?? "regular"
            let path = element["path"]?.string ?? defaultPath(name: name, type: type, root: root, fileExists: fileExists)
            let excluded = (element["exclude"]?.elements ?? []).compactMap(\.string)
                + (element["resources"]?.elements ?? []).compactMap { $0["path"]?.string }
            let sources = element["sources"]?.elements.map { $0.compactMap(\.string) }
            var dependencies: [Dependency] = []
            for dependency in element["dependencies"]?.elements ?? [] {
                if let parts = dependency["byName"]?.elements, let dependencyName = parts.first?.string {
                    let isTarget = targetNames.contains(dependencyName)
                    dependencies.append(Dependency(name: dependencyName, package: isTarget ? nil : ""))
                } else if let parts = dependency["target"]?.elements, let dependencyName = parts.first?.string {
                    dependencies.append(Dependency(name: dependencyName, package: nil))
                } else if let parts = dependency["product"]?.elements, let dependencyName = parts.first?.string {
                    dependencies.append(Dependency(name: dependencyName, package: parts.dropFirst().first?.string ?? ""))
                }
            }
            targets.append(Target(
                name: name, type: type, path: path, sources: sources, excluded: excluded, dependencies: dependencies,
                declaration: JSONCanonical.text(element)
            ))
        }
        var manifest = PackageManifest(name: node["name"]?.string ?? "", targets: targets)
        for product in node["products"]?.elements ?? [] {
            guard let name = product["name"]?.string else { continue }
            manifest.products[name] = (JSONCanonical.text(product), (product["targets"]?.elements ?? []).compactMap(\.string))
        }
        let rest = (node.members ?? []).filter { !["targets", "products", "packageKind"].contains($0.key) }
        manifest.packageDeclaration = JSONCanonical.text(JSONNode(value: .object(rest), line: node.line))
        return manifest
    }

    /// SwiftPM's default directory for a target without `path:`.
    private static func defaultPath(name: String, type: String, root: String, fileExists: (String) -> Bool) -> String {
        let parents: [String] = switch type {
        case "test": ["Tests", "Sources", "Source", "src", "srcs"]
        case "plugin": ["Plugins"]
        default: ["Sources", "Source", "src", "srcs"]
        }
        for parent in parents where fileExists("\(root)/\(parent)/\(name)") {
            return "\(parent)/\(name)"
        }
        return "\(parents[0])/\(name)"
    }
}
