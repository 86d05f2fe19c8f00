/// `workspace-check affected`: what a change since a git revision touches, who owns it and which
/// tests to run.
extension WorkspaceCheckCommand {
    static func affected(_ workspace: Workspace, _ options: CommandOptions) throws(UsageError) -> CommandOutcome {
        let base = options.base ?? "HEAD"
        let changed = try GitChanges.files(root: workspace.root, base: base)
        let result = AffectedModules(workspace: workspace, changed: changed, manifestChanges: manifestChanges(workspace, changed: changed, base: base))
        let ownership = Ownership(workspace: workspace)
        let listed = result.touched + result.dependents + result.tests
        let teams = Set(listed.compactMap { ownership.owner(of: $0)?.team.name }).sorted()
        let outside = result.changed.filter { result.targetOfFile[$0] == nil }
        if options.format == .json {
            let owners = listed.sorted().compactMap { name in ownership.owner(of: name).map { (name, JSONNode.Value.string($0.team.name)) } }
            let strings = { (names: [String]) in JSONWriter.array(names.map { .string($0) }) }
            let document = JSONWriter.object([
                ("command", .string("affected")),
                ("base", .string(base)),
                ("changed", strings(result.changed)),
                ("outside", strings(outside)),
                ("everything", JSONWriter.string(result.everythingBecause)),
                ("manifest", result.manifestChanges.map { changes in
                    JSONWriter.object([
                        ("targets", strings(changes.targets)), ("removed", strings(changes.removed)),
                        ("packageWide", JSONWriter.string(changes.packageWide)),
                    ])
                } ?? .null),
                ("touched", strings(result.touched)),
                ("dependents", strings(result.dependents)),
                ("tests", strings(result.tests)),
                ("owners", JSONWriter.object(owners)),
                ("teams", JSONWriter.object(teams.compactMap { key in workspace.config.teams[key].map { (key, .string($0.handle)) } })),
            ])
            return CommandOutcome(exitCode: 0, output: JSONWriter.write(document) + "\n", errorOutput: "")
        }
        var lines = ["workspace-check affected: \(result.changed.count) changed file\(result.changed.count == 1 ? "" : "s") since \(base)"]
        guard !result.changed.isEmpty else {
            return CommandOutcome(exitCode: 0, output: (lines + ["nothing to test"]).joined(separator: "\n") + "\n", errorOutput: "")
        }
        let fileWidth = result.changed.map(\.count).max() ?? 0
        lines.append("changed:")
        lines += result.changed.map { "  " + pad($0, fileWidth) + "  " + (result.targetOfFile[$0] ?? "(no module)") }
        if let changes = result.manifestChanges, changes.packageWide == nil {
            let removed = changes.removed.isEmpty ? "" : "; removed: " + changes.removed.joined(separator: ", ")
            let declared = changes.targets.isEmpty ? "no target" : changes.targets.joined(separator: ", ")
            lines.append("\(workspace.manifestFile) changed: declared differently: \(declared)\(removed)")
        }
        if let file = result.everythingBecause {
            let why = file == workspace.manifestFile ? result.manifestChanges?.packageWide ?? "it could not be compared target by target" : nil
            lines.append("\(file) changed\(why.map { " (\($0))" } ?? ""): every module is affected")
        }
        let nameWidth = listed.map(\.count).max() ?? 0
        let teamWidth = teams.map(\.count).max() ?? 0
        for (title, names) in [("touched", result.touched), ("dependents", result.dependents), ("tests", result.tests)] {
            lines.append("\(title) (\(names.count)):")
            lines += names.map { name in
                let team = ownership.owner(of: name).map { pad($0.team.name, teamWidth) + "  " + $0.team.handle } ?? "no owner"
                return "  " + pad(name, nameWidth) + "  " + team
            }
        }
        if !teams.isEmpty {
            lines.append("teams: " + teams.compactMap { workspace.config.teams[$0]?.handle }.joined(separator: " "))
        }
        if result.everythingBecause != nil {
            lines.append("run: swift test")
        } else if !result.tests.isEmpty {
            lines.append("run: swift test --filter '^(\(result.tests.joined(separator: "|")))\\.'")
        }
        return CommandOutcome(exitCode: 0, output: lines.joined(separator: "\n") + "\n", errorOutput: "")
    }

    /// What changed in `Package.swift` since `base`, target by target, when it is among `changed`;
    /// nil when it is not, or when the base had none or one SwiftPM cannot read (then everything is affected).
    private static func manifestChanges(_ workspace: Workspace, changed: [String], base: String) -> ManifestChanges? {
        guard changed.contains(workspace.manifestFile),
            let text = GitChanges.text(of: workspace.manifestFile, root: workspace.root, base: base),
            let old = try? ManifestLoader.load(manifestText: text)
        else { return nil }
        return ManifestChanges(base: old, head: workspace.manifest)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
