/// The owning team of every target: its `"owners"` entry; else the `"owner"` of the feature it is
/// a part of; else, for a test target `XTests`, the owner of `X`; else, for a test target of no
/// module (`EndToEndTests`), the host's owner.
struct Ownership: Sendable {
    /// A target's team and how it got it.
    struct Owner: Equatable, Sendable {
        /// The team.
        let team: Team
        /// Where the owner came from: nil when listed, else the module it was taken from.
        let inheritedFrom: String?
    }

    private var owners: [String: Owner] = [:]

    /// Resolves the owner of every target of `workspace`.
    init(workspace: Workspace) {
        let teams = workspace.config.teams
        for entry in workspace.config.owners {
            if let team = entry.teams.first.flatMap({ teams[$0] }) {
                owners[entry.subject] = Owner(team: team, inheritedFrom: nil)
            }
        }
        for feature in workspace.config.features {
            guard let team = feature.owner.flatMap({ teams[$0] }) else { continue }
            for part in feature.parts where owners[part] == nil {
                owners[part] = Owner(team: team, inheritedFrom: "feature \(feature.name)")
            }
        }
        let targets = workspace.manifest.targets
        let host = targets.first { workspace.roles[$0.name]?.role.name == "host" && owners[$0.name] != nil }
        for target in targets where target.isTest && owners[target.name] == nil {
            let module = target.name.hasSuffix("Tests") ? String(target.name.dropLast("Tests".count)) : ""
            if workspace.manifest.target(named: module) != nil {
                if let owner = owners[module] { owners[target.name] = Owner(team: owner.team, inheritedFrom: module) }
            } else if let host, let owner = owners[host.name] {
                owners[target.name] = Owner(team: owner.team, inheritedFrom: host.name)
            }
        }
    }

    /// The owner of `target`, if it has one.
    func owner(of target: String) -> Owner? {
        owners[target]
    }
}
