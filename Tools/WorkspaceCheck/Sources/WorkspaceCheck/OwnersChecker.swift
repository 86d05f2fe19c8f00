import Foundation

/// `workspace-check owners`: every module has an owning team, and every owner entry names a team
/// and a target (or path) that exist.
struct OwnersChecker {
    let workspace: Workspace

    /// Every ownership violation, sorted by file and line.
    func check() -> [Violation] {
        let config = workspace.config
        let teamList = config.teams.keys.sorted().joined(separator: ", ")
        let knownTeams = teamList.isEmpty ? "there are no teams yet: add one to \"teams\"" : "teams: \(teamList)"
        var violations: [Violation] = []
        func unknownTeam(_ team: String, in entry: OwnerEntry, of list: String) {
            violations.append(Violation(
                severity: .error, rule: .unknownTeam, file: config.file, line: entry.configLine, target: entry.subject, subject: team,
                message: "\(list) gives \"\(entry.subject)\" to team \"\(team)\", which is not in \"teams\"",
                why: Rule.unknownTeam.why,
                fix: "correct the team key (\(knownTeams)), or add \"\(team)\": {\"handle\": \"@org/\(team)\"} to \"teams\" in \(config.file)"
            ))
        }
        for entry in config.owners {
            if workspace.manifest.target(named: entry.subject) == nil {
                violations.append(Violation(
                    severity: .error, rule: .unknownTarget, file: config.file, line: entry.configLine, target: entry.subject, subject: nil,
                    message: "\"owners\" has an entry for \"\(entry.subject)\", which is not a target of the package",
                    why: Rule.unknownTarget.why,
                    fix: "correct the name or remove the entry from \"owners\" in \(config.file)"
                ))
            }
            for team in entry.teams where config.teams[team] == nil { unknownTeam(team, in: entry, of: "\"owners\"") }
        }
        for feature in config.features {
            guard let team = feature.owner, config.teams[team] == nil else { continue }
            violations.append(Violation(
                severity: .error, rule: .unknownTeam, file: feature.file, line: feature.ownerLine ?? feature.configLine, target: feature.name,
                subject: team, message: "feature \"\(feature.name)\" is owned by team \"\(team)\", which is not in \"teams\"",
                why: Rule.unknownTeam.why,
                fix: "correct the team key (\(knownTeams)), or add \"\(team)\": {\"handle\": \"@org/\(team)\"} to \"teams\" in \(config.file)"
            ))
        }
        for entry in config.ownedPaths {
            for team in entry.teams where config.teams[team] == nil { unknownTeam(team, in: entry, of: "\"ownedPaths\"") }
            let path = entry.subject.hasPrefix("/") ? String(entry.subject.dropFirst()) : entry.subject
            if !path.contains("*"), !FileManager.default.fileExists(atPath: "\(workspace.root)/\(path)") {
                violations.append(Violation(
                    severity: .error, rule: .unknownPath, file: config.file, line: entry.configLine, target: entry.subject, subject: nil,
                    message: "\"ownedPaths\" has an entry for \"\(entry.subject)\", which is not a file or folder of the package",
                    why: Rule.unknownPath.why,
                    fix: "correct the path (relative to the package root, written /like/this/) or remove the entry from \"ownedPaths\" in \(config.file)"
                ))
            }
        }
        let ownership = Ownership(workspace: workspace)
        let listed = Set(config.owners.map(\.subject))
        for target in workspace.manifest.targets where ownership.owner(of: target.name) == nil && !listed.contains(target.name) {
            let module = target.name.hasSuffix("Tests") ? String(target.name.dropLast("Tests".count)) : ""
            // A test target of an unowned module is covered by that module's violation.
            if target.isTest, workspace.manifest.target(named: module) != nil { continue }
            let inherit = target.isTest ? " (a test target XTests takes the owner of X, one of no module the host's)" : ""
            violations.append(Violation(
                severity: .error, rule: .unownedModule, file: workspace.manifestFile,
                line: workspace.locator.line(ofTarget: target.name) ?? 1, target: target.name, subject: nil,
                message: "\(target.name) (\(workspace.roles[target.name]?.role.name ?? "no role")) has no owning team\(inherit)",
                why: Rule.unownedModule.why,
                fix: "add \"\(target.name)\": \"<team>\" to \"owners\" in \(config.file) (\(knownTeams)), then run `workspace-check owners --write .github/CODEOWNERS`"
            ))
        }
        return violations.sorted { ($0.file, $0.line, $0.rule.rawValue, $0.message) < ($1.file, $1.line, $1.rule.rawValue, $1.message) }
    }
}
