import Foundation

/// A package loaded for checking: its manifest (read once), config, roles and scanned sources.
struct Workspace: Sendable {
    /// The package root, absolute.
    let root: String
    /// The manifest.
    let manifest: PackageManifest
    /// Where targets and dependencies are written in Package.swift.
    let locator: ManifestLocator
    /// The config.
    let config: WorkspaceConfig
    /// The role of each target that has one.
    let roles: [String: RoleAssignment]
    /// The scanned Swift files of each target, sorted by path.
    let sources: [String: [SourceFile]]

    /// The manifest file, as messages name it.
    let manifestFile = "Package.swift"

    /// Loads the package at `root` with the config at `configPath` (absolute or relative to root).
    static func load(root: String, configPath: String?) throws(UsageError) -> Workspace {
        guard FileManager.default.fileExists(atPath: "\(root)/Package.swift") else {
            throw UsageError("no Package.swift in \(root); run from the package root or pass --package-path DIR")
        }
        let configFile = configPath ?? WorkspaceConfig.defaultPath
        let configAbsolute = configFile.hasPrefix("/") ? configFile : "\(root)/\(configFile)"
        let manifest = try ManifestLoader.load(packageRoot: root)
        let config = try FeatureManifests.merged(
            try WorkspaceConfig.load(path: configAbsolute, file: relative(configAbsolute, to: root)),
            with: try FeatureManifests.load(root: root, manifest: manifest))
        return load(root: root, manifest: manifest, config: config)
    }

    /// Builds a workspace from an already loaded manifest and config (scans the sources).
    static func load(root: String, manifest: PackageManifest, config: WorkspaceConfig) -> Workspace {
        let manifestText = FileManager.default.contents(atPath: "\(root)/Package.swift")
            .map { String(decoding: $0, as: UTF8.self) } ?? ""
        var conditions = config.conditions
        conditions.packageModules = Set(manifest.targets.map(\.name))
        var roles: [String: RoleAssignment] = [:]
        var sources: [String: [SourceFile]] = [:]
        let targetRoots = Set(manifest.targets.map { absolute($0.path, root: root) })
        for target in manifest.targets {
            roles[target.name] = RoleAssignment.find(for: target.name, path: target.path, in: config.roles)
            guard !["system", "binary"].contains(target.type) else { continue }
            sources[target.name] = swiftFiles(of: target, root: root, otherTargetRoots: targetRoots).map { path in
                let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
                let result = ImportScanner.scan(text, conditions: conditions)
                return SourceFile(path: relative(path, to: root), imports: result.imports, codeLineCount: result.codeLineCount)
            }
        }
        return Workspace(
            root: root, manifest: manifest, locator: ManifestLocator(manifest: manifestText),
            config: config, roles: roles, sources: sources
        )
    }

    /// `path` relative to `root` when inside it.
    static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private static func absolute(_ path: String, root: String) -> String {
        let joined = path.hasPrefix("/") ? path : "\(root)/\(path)"
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    /// The `.swift` files of a target, honouring `sources:` and `exclude:`, sorted.
    private static func swiftFiles(of target: PackageManifest.Target, root: String, otherTargetRoots: Set<String>) -> [String] {
        let base = absolute(target.path, root: root)
        let excluded = Set(target.excluded.map { absolute($0, root: base) })
        let starts = target.sources.map { $0.map { absolute($0, root: base) } } ?? [base]
        var files: [String] = []
        let manager = FileManager.default
        func visit(_ path: String) {
            guard !excluded.contains(path) else { return }
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
            if isDirectory.boolValue {
                if path != base, otherTargetRoots.contains(path) { return }
                let children = (try? manager.contentsOfDirectory(atPath: path)) ?? []
                for child in children.sorted() where !child.hasPrefix(".") {
                    visit("\(path)/\(child)")
                }
            } else if path.hasSuffix(".swift") {
                files.append(path)
            }
        }
        for start in starts { visit(start) }
        return files.sorted()
    }
}
