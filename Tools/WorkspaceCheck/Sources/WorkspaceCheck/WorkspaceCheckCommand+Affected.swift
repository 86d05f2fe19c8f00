/// `workspace-check affected`: what a change since a git revision touches, who owns it and which
/// tests to run.
extension WorkspaceCheckCommand {
    static func affected(_ workspace: Workspace, _ options: CommandOptions) throws(UsageError) -> CommandOutcome {
        let base = options.base ?? "HEAD"
        let result = AffectedModules(workspace: workspace, changed: try GitChanges.files(root: workspace.root, base: base))
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
        if let file = result.everythingBecause {
            lines.append("\(file) changed: every module is affected")
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

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
