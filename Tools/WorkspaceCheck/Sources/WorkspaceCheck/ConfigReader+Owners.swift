/// Reads `"teams"`, `"owners"` and `"ownedPaths"` of the config.
extension ConfigReader {
    /// The `"teams"` object: `{"feed": {"handle": "@org/feed", "about": "…"}}`.
    func readTeams(_ node: JSONNode?) throws(UsageError) -> [String: Team] {
        guard let node else { return [:] }
        guard let members = node.members else { throw fail(node, "\"teams\" must be an object of team keys, such as {\"feed\": {\"handle\": \"@org/feed\"}}") }
        var teams: [String: Team] = [:]
        for member in members where member.key != "comment" {
            let what = "team \"\(member.key)\""
            _ = try object(member.value, what, keys: ["handle", "about"])
            let handle = try string(member.value["handle"], "the \"handle\" of \(what)", in: member.value)
            guard handle.contains("@"), !handle.contains(where: \.isWhitespace) else {
                throw fail(member.value, "the \"handle\" of \(what) must be a GitHub team or user such as \"@org/team\", not \"\(handle)\"")
            }
            guard teams[member.key] == nil else { throw fail(member.value, "\(what) is defined twice; merge the two") }
            let about = member.value["about"] == nil ? nil : try string(member.value["about"], "the \"about\" of \(what)", in: member.value)
            teams[member.key] = Team(name: member.key, handle: handle, about: about, configLine: member.value.line)
        }
        return teams
    }

    /// `"owners"` (`{"Feed": "feed"}`) or, with `many`, `"ownedPaths"` (`{"/Package.swift": ["app", "devex"]}`).
    func readOwners(_ node: JSONNode?, what: String, many: Bool) throws(UsageError) -> [OwnerEntry] {
        guard let node else { return [] }
        guard let members = node.members else {
            throw fail(node, many ? "\(what) must be an object of paths, such as {\"/Package.swift\": [\"app\"]}" : "\(what) must be an object of module names, such as {\"Feed\": \"feed\"}")
        }
        var entries: [OwnerEntry] = []
        for member in members where member.key != "comment" {
            guard !entries.contains(where: { $0.subject == member.key }) else {
                throw fail(member.value, "\"\(member.key)\" is listed twice in \(what); keep one entry")
            }
            var teams: [String]
            if let team = member.value.string {
                teams = [team]
            } else if many {
                teams = try strings(member.value, "the teams of \"\(member.key)\" in \(what)").map(\.0)
            } else {
                throw fail(member.value, "the owner of \"\(member.key)\" must be a team key (a string), not \(member.value.typeName)")
            }
            teams = teams.filter { !$0.isEmpty }
            guard !teams.isEmpty else { throw fail(member.value, "\"\(member.key)\" in \(what) names no team; give a key of \"teams\"") }
            entries.append(OwnerEntry(subject: member.key, teams: teams, configLine: member.value.line))
        }
        return entries
    }
}
