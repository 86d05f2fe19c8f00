import Foundation

/// `workspace-check owners`: the ownership rules, and CODEOWNERS written or checked.
extension WorkspaceCheckCommand {
    static func owners(_ workspace: Workspace, _ options: CommandOptions) throws(UsageError) -> CommandOutcome {
        var violations = OwnersChecker(workspace: workspace).check()
        var notes: [String] = []
        if let path = options.check ?? options.write {
            let shown = Workspace.relative(path, to: workspace.root)
            let file = CodeownersFile(workspace: workspace, shownAs: shown)
            let current = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            let regenerate = "run `workspace-check owners --write \(shown)` and commit the result"
            if options.write != nil {
                if current != file.text {
                    do {
                        let directory = (path as NSString).deletingLastPathComponent
                        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                        try file.text.write(toFile: path, atomically: true, encoding: .utf8)
                    } catch {
                        throw UsageError("could not write \(shown) (\(error.localizedDescription)); check that it is writable")
                    }
                }
                notes.append(current == file.text ? "workspace-check owners: \(shown) is already current" : "workspace-check owners: wrote \(shown)")
            } else if let current {
                if let line = file.firstDifference(from: current) {
                    violations.append(Violation(
                        severity: .error, rule: .staleCodeowners, file: shown, line: line, target: shown, subject: nil,
                        message: "\(shown) is stale: it differs from the owners in \(workspace.config.file) at line \(line)",
                        why: Rule.staleCodeowners.why, fix: regenerate
                    ))
                }
            } else {
                violations.append(Violation(
                    severity: .error, rule: .staleCodeowners, file: shown, line: 1, target: shown, subject: nil,
                    message: "there is no \(shown)", why: Rule.staleCodeowners.why, fix: regenerate
                ))
            }
        }
        let filtered = AllowFilter.apply(violations, command: "owners", config: workspace.config)
        let summary = "workspace-check owners: \(workspace.manifest.targets.count) targets, \(workspace.config.teams.count) teams, \(ViolationFormatter.counts(filtered.violations, allowed: filtered.allowedCount))"
        let ownership = Ownership(workspace: workspace)
        let owners = workspace.manifest.targets.compactMap { target in
            ownership.owner(of: target.name).map { (target.name, JSONNode.Value.string($0.team.name)) }
        }
        return finish(filtered, command: "owners", summary: summary, options: options, text: notes, json: [
            ("teams", JSONWriter.object(workspace.config.teams.values.sorted { $0.name < $1.name }.map { ($0.name, .string($0.handle)) })),
            ("owners", JSONWriter.object(owners)),
        ])
    }
}
