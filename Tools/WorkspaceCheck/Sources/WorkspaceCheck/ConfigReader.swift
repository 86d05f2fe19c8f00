import Foundation

/// Reads and validates the config's JSON, with a `file:line` on every error.
struct ConfigReader {
    /// The config file, as messages name it.
    let file: String

    func fail(_ node: JSONNode, _ message: String) -> UsageError {
        UsageError("\(file):\(node.line): \(message)")
    }

    func object(_ node: JSONNode, _ what: String, keys: Set<String>) throws(UsageError) -> [JSONNode.Member] {
        guard let members = node.members else { throw fail(node, "\(what) must be an object, not \(node.typeName)") }
        for member in members where !keys.contains(member.key) && member.key != "comment" {
            let known = keys.sorted().joined(separator: ", ")
            throw fail(member.value, "unknown key \"\(member.key)\" in \(what); known keys: \(known), comment")
        }
        return members
    }

    func string(_ node: JSONNode?, _ what: String, in parent: JSONNode) throws(UsageError) -> String {
        guard let node else { throw fail(parent, "\(what) is missing; add it") }
        guard let value = node.string, !value.isEmpty else { throw fail(node, "\(what) must be a non-empty string") }
        return value
    }

    func strings(_ node: JSONNode?, _ what: String) throws(UsageError) -> [(String, Int)] {
        guard let node else { return [] }
        guard let elements = node.elements else { throw fail(node, "\(what) must be an array of strings") }
        var result: [(String, Int)] = []
        for element in elements {
            guard let value = element.string else { throw fail(element, "\(what) must hold strings, not \(element.typeName)") }
            result.append((value, element.line))
        }
        return result
    }

    private func budget(_ node: JSONNode, _ what: String) throws(UsageError) -> SizeBudget {
        // "why" records the reason a budget was raised beyond the usual 1.5×, for review.
        _ = try object(node, what, keys: ["lines", "bytes", "why"])
        guard let lines = node["lines"]?.integer, lines > 0 else {
            throw fail(node, "\(what) needs \"lines\": a positive whole number")
        }
        guard let bytes = node["bytes"]?.integer, bytes > 0 else {
            throw fail(node, "\(what) needs \"bytes\": a positive whole number")
        }
        return SizeBudget(lines: lines, bytes: bytes, configLine: node.line)
    }

    /// The config in `root`, validated.
    func read(_ root: JSONNode) throws(UsageError) -> WorkspaceConfig {
        _ = try object(root, "the config", keys: ["roles", "budgets", "unusedDependency", "conditions", "allow", "teams", "owners", "ownedPaths", "features", "binary", "launch"])
        guard let rolesNode = root["roles"], let roleNodes = rolesNode.elements else {
            throw fail(root, "\"roles\" must be an array of roles; see Tools/WorkspaceCheck/README.md")
        }
        var roles: [RoleDefinition] = []
        var owner: [String: String] = [:]
        for node in roleNodes {
            let role = try readRole(node)
            if roles.contains(where: { $0.name == role.name }) {
                throw fail(node, "role \"\(role.name)\" is defined twice; merge the two")
            }
            for (target, line) in role.targets {
                if let other = owner[target] {
                    throw UsageError("\(file):\(line): target \"\(target)\" is listed in roles \"\(other)\" and \"\(role.name)\"; keep it in one")
                }
                owner[target] = role.name
            }
            roles.append(role)
        }
        let roleNames = Set(roles.map(\.name))
        for (role, node) in zip(roles, roleNodes) {
            for name in role.mayDependOn + (role.mayExport ?? []) where !["*", "$module", "$feature", "$contract"].contains(name) && !roleNames.contains(name) {
                throw fail(node, "role \"\(role.name)\" names unknown role \"\(name)\"; known roles: \(roles.map(\.name).joined(separator: ", "))")
            }
            if role.mayDependOn.contains("$module"), !role.patterns.contains(where: { $0.contains("*") }) {
                throw fail(node, "role \"\(role.name)\" uses \"$module\" but has no pattern with \"*\" to take the module name from; add a pattern such as \"*Tests\"")
            }
        }

        var budgets: [String: SizeBudget] = [:]
        if let node = root["budgets"] {
            guard let members = node.members else { throw fail(node, "\"budgets\" must be an object of module names") }
            for member in members where member.key != "comment" {
                budgets[member.key] = try budget(member.value, "the budget of \"\(member.key)\"")
            }
        }

        var unused: Violation.Severity? = .warning
        if let node = root["unusedDependency"] {
            switch node.string {
            case "warning": unused = .warning
            case "error": unused = .error
            case "off": unused = nil
            default: throw fail(node, "\"unusedDependency\" must be \"warning\", \"error\" or \"off\"")
            }
        }

        var conditions = CompilationConditions(
            active: WorkspaceConfig.defaultActiveConditions, inactive: [], packageModules: [], swiftVersion: []
        )
        if let node = root["conditions"] {
            _ = try object(node, "\"conditions\"", keys: ["active", "inactive", "swiftVersion"])
            conditions.active = Set(try strings(node["active"], "\"conditions.active\"").map { CompilationConditions.normalize($0.0) })
            conditions.inactive = Set(try strings(node["inactive"], "\"conditions.inactive\"").map { CompilationConditions.normalize($0.0) })
            if let version = node["swiftVersion"] {
                let parts = (version.string ?? "").split(separator: ".").compactMap { Int($0) }
                guard !parts.isEmpty else { throw fail(version, "\"swiftVersion\" must be a version string such as \"6.3\"") }
                conditions.swiftVersion = parts
            }
            if let both = conditions.active.intersection(conditions.inactive).sorted().first {
                throw fail(node, "condition \"\(both)\" is both active and inactive; keep it in one list")
            }
        }

        var allow: [AllowEntry] = []
        if let node = root["allow"] {
            guard let elements = node.elements else { throw fail(node, "\"allow\" must be an array of entries") }
            for element in elements {
                _ = try object(element, "an allow entry", keys: ["rule", "target", "dependency", "file", "reason"])
                let ruleName = try string(element["rule"], "the allow entry's \"rule\"", in: element)
                guard let rule = Rule(rawValue: ruleName), rule != .staleAllow else {
                    let known = Rule.allCases.filter { $0 != .staleAllow }.map(\.rawValue).joined(separator: ", ")
                    throw fail(element, "unknown rule \"\(ruleName)\" in an allow entry; rules: \(known)")
                }
                let target = try string(element["target"], "the allow entry's \"target\"", in: element)
                let reason = try string(element["reason"], "the allow entry's \"reason\" (say why the exception is needed)", in: element)
                let dependency = element["dependency"] == nil ? nil : try string(element["dependency"], "\"dependency\"", in: element)
                let fileName = element["file"] == nil ? nil : try string(element["file"], "\"file\"", in: element)
                allow.append(AllowEntry(
                    rule: rule, target: target, dependency: dependency, file: fileName, reason: reason, configLine: element.line
                ))
            }
        }
        let teams = try readTeams(root["teams"])
        return WorkspaceConfig(
            file: file, roles: roles, budgets: budgets, unusedDependencySeverity: unused,
            conditions: conditions, allow: allow, teams: teams,
            owners: try readOwners(root["owners"], what: "\"owners\"", many: false),
            ownedPaths: try readOwners(root["ownedPaths"], what: "\"ownedPaths\"", many: true),
            features: try readFeatures(root["features"]),
            binary: try readBinary(root["binary"]),
            launch: try readLaunch(root["launch"])
        )
    }

    private func readRole(_ node: JSONNode) throws(UsageError) -> RoleDefinition {
        _ = try object(node, "a role", keys: ["name", "targets", "folders", "patterns", "mayDependOn", "mayExport", "why", "fix", "budget", "color"])
        let name = try string(node["name"], "the role's \"name\"", in: node)
        guard node["mayDependOn"] != nil else {
            throw fail(node, "role \"\(name)\" has no \"mayDependOn\"; list the roles it may depend on ([] for none, [\"*\"] for any)")
        }
        var targets: [String: Int] = [:]
        for (target, line) in try strings(node["targets"], "\"targets\" of role \"\(name)\"") {
            if targets[target] != nil {
                throw UsageError("\(file):\(line): target \"\(target)\" is listed twice in role \"\(name)\"; remove one")
            }
            targets[target] = line
        }
        return RoleDefinition(
            name: name,
            targets: targets,
            folders: try strings(node["folders"], "\"folders\" of role \"\(name)\"").map { $0.0.hasSuffix("/") ? String($0.0.dropLast()) : $0.0 },
            patterns: try strings(node["patterns"], "\"patterns\" of role \"\(name)\"").map(\.0),
            mayDependOn: try strings(node["mayDependOn"], "\"mayDependOn\" of role \"\(name)\"").map(\.0),
            mayExport: node["mayExport"] == nil ? nil : try strings(node["mayExport"], "\"mayExport\" of role \"\(name)\"").map(\.0),
            why: try string(node["why"], "role \"\(name)\"'s \"why\" (say why its limits exist)", in: node),
            fix: node["fix"] == nil ? nil : try string(node["fix"], "\"fix\" of role \"\(name)\"", in: node),
            budget: try node["budget"].map { (budgetNode) throws(UsageError) in try budget(budgetNode, "the budget of role \"\(name)\"") },
            color: node["color"]?.string ?? "#eeeeee",
            configLine: node.line
        )
    }
}
