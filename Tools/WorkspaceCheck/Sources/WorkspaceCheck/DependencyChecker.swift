import Foundation

/// `workspace-check deps`: the role rules on declared edges and on imports, undeclared and unused
/// dependencies, re-exports from interfaces, and targets without a role.
struct DependencyChecker {
    let workspace: Workspace

    /// Every violation of the dependency rules, before allow entries are applied, sorted.
    func check() -> [Violation] {
        var violations = unknownTargets()
        for target in workspace.manifest.targets {
            guard let assignment = workspace.roles[target.name] else {
                violations.append(unassigned(target))
                continue
            }
            violations += checkDependencies(of: target, assignment: assignment)
            violations += checkImports(of: target, assignment: assignment)
        }
        violations += FollowUpContractChecker(workspace: workspace).check()
        return violations.sorted { ($0.file, $0.line, $0.rule.rawValue, $0.message) < ($1.file, $1.line, $1.rule.rawValue, $1.message) }
    }

    // MARK: - Roles

    /// Whether `target` (with `assignment`) may depend on `dependency`; nil when the dependency has no role.
    private func allows(_ assignment: RoleAssignment, target: String, dependency: String) -> Bool? {
        if assignment.role.mayDependOnAnything { return true }
        if assignment.role.mayDependOn.contains("$module"), assignment.module == dependency { return true }
        if assignment.role.mayDependOn.contains("$feature"), ownFeature(of: target).contains(dependency) { return true }
        if assignment.role.mayDependOn.contains("$contract"), isOwnContract(dependency, of: target) { return true }
        if met(by: target).contains(dependency) { return true }
        guard let other = workspace.roles[dependency] else { return nil }
        return assignment.role.mayDependOn.contains(other.role.name)
    }

    /// Whether `dependency` is `target`'s own contract (the interface-role module named
    /// `<target>Interface`) or the contract of a module `target` declares (TerminalApp builds on
    /// TerminalUI, so it may speak TerminalUIInterface): no edge it adds reaches further.
    private func isOwnContract(_ dependency: String, of target: String) -> Bool {
        guard dependency.hasSuffix("Interface"), workspace.roles[dependency]?.role.name == "interface" else { return false }
        let implementation = String(dependency.dropLast("Interface".count))
        if implementation == target { return true }
        let declared = workspace.manifest.target(named: target)?.dependencies.map(\.name) ?? []
        return declared.contains(implementation) && workspace.roles[implementation]?.role.name == workspace.roles[target]?.role.name
    }

    /// The implementations of the features whose tests list `target` declares it meets (`"meets"`).
    private func met(by target: String) -> [String] {
        let features = workspace.config.features
        guard let own = features.first(where: { $0.tests.contains(target) }) else { return [] }
        return features.filter { own.meets.contains($0.name) }.flatMap(\.implementations)
    }

    /// The implementations `demo` may link through `$feature`.
    private func ownFeature(of demo: String) -> [String] {
        workspace.config.ownFeatureModules(ofDemo: demo, targets: Set(workspace.manifest.targets.map(\.name)))
    }

    private func describeAllowed(_ assignment: RoleAssignment, target: String) -> String {
        let names = assignment.role.mayDependOn.map { name in
            switch name {
            case "$module": "its own module (\(assignment.module ?? "?"))"
            case "$feature": "its own feature (\(ownFeature(of: target).joined(separator: ", ")))"
            case "$contract": "its own contract (\(target)Interface) and those of the \(assignment.role.name) modules it declares"
            default: name
            }
        }
        return names.isEmpty ? "nothing" : names.joined(separator: ", ")
    }

    private func article(_ word: String) -> String {
        "aeiou".contains(word.first?.lowercased() ?? "") ? "an \(word)" : "a \(word)"
    }

    private func roleName(_ target: String) -> String {
        workspace.roles[target]?.role.name ?? "no role"
    }

    /// How to fix a forbidden edge from `target` to `dependency`.
    private func fixForbidden(_ target: PackageManifest.Target, _ assignment: RoleAssignment, dependency: String, isImport: Bool) -> String {
        let interface = "\(dependency)Interface"
        let name = target.name
        var fix: String
        if assignment.role.mayDependOn.contains("$feature"), workspace.roles[dependency]?.role.name == "implementation" {
            let feature = workspace.config.feature(implementing: dependency)
            let contract = feature?.interface ?? interface
            let fakes = feature?.testing ?? "\(feature?.name ?? dependency)Testing"
            let own = ownFeature(of: name)
            fix = "\(isImport ? "import" : "depend on") \(contract), or a fake from \(fakes), instead of \(dependency); \(name) may link only its own feature's implementations (\(own.isEmpty ? "none" : own.joined(separator: ", ")))"
        } else if workspace.manifest.target(named: interface) != nil, allows(assignment, target: name, dependency: interface) == true {
            let declared = target.dependencies.contains { $0.name == interface }
            let declare = declared ? "" : " (and declare \"\(interface)\" in \(name)'s dependencies)"
            fix = isImport
                ? "import \(interface) instead of \(dependency)\(declare); the host passes \(dependency) in"
                : "depend on \(interface) instead of \(dependency); the host passes \(dependency) in"
        } else if isImport {
            fix = "remove `import \(dependency)` from \(name) (\(article(assignment.role.name)) module may use only: \(describeAllowed(assignment, target: name))); move the code that needs \(dependency) into a module whose role allows it, and reach it through an interface"
        } else {
            fix = "remove \"\(dependency)\" from \(name)'s dependencies in Package.swift; \(article(assignment.role.name)) module may depend only on: \(describeAllowed(assignment, target: name))"
        }
        if let extra = assignment.role.fix { fix += ". \(extra)" }
        let config = workspace.config
        if let own = config.features.first(where: { $0.tests.contains(name) }), let other = config.feature(implementing: dependency), other.name != own.name {
            fix += ". If these are tests of how \(own.name) meets \(other.name), add \"meets\": [\"\(other.name)\"] to \(own.name)'s \(FeatureManifests.fileName)"
        }
        if let folder = assignment.folder {
            fix += ". \(name) has the role \(assignment.role.name) because it lives in \(folder): if that is the wrong role, move it to the folder of its role"
        }
        return fix
    }

    // MARK: - Checks

    private func unassigned(_ target: PackageManifest.Target) -> Violation {
        let roles = workspace.config.roles.map(\.name).joined(separator: ", ")
        let patterns = workspace.config.roles.flatMap(\.patterns)
        let folders = workspace.config.roles.flatMap { role in role.folders.map { "\($0) (\(role.name))" } }
        let rename = patterns.isEmpty ? "" : " or name it to match a pattern (\(patterns.joined(separator: ", ")))"
        let line = workspace.locator.line(ofTarget: target.name) ?? 1
        // A module beside the role folders: the folder it belongs in gives its role.
        let parents = Set(workspace.config.roles.flatMap(\.folders).map { ($0 as NSString).deletingLastPathComponent })
        let parent = (target.path as NSString).deletingLastPathComponent
        if !folders.isEmpty, parents.contains(parent) {
            return Violation(
                severity: .error, rule: .unassignedRole, file: workspace.manifestFile, line: line, target: target.name, subject: nil,
                message: "target \(target.name) lives in \(target.path), outside every role folder",
                why: Rule.unassignedRole.why + " A module's role is the folder it lives in.",
                fix: "move \(target.path) into the folder of its role — \(folders.joined(separator: ", ")) — and set its path: in Package.swift to match"
            )
        }
        let move = folders.isEmpty ? "" : ", move it into a role folder (\(folders.joined(separator: ", ")))"
        return Violation(
            severity: .error, rule: .unassignedRole, file: workspace.manifestFile, line: line, target: target.name, subject: nil,
            message: "target \(target.name) has no role",
            why: Rule.unassignedRole.why,
            fix: "add \"\(target.name)\" to the \"targets\" of a role in \(workspace.config.file) (roles: \(roles))\(move)\(rename)"
        )
    }

    private func unknownTargets() -> [Violation] {
        let names = Set(workspace.manifest.targets.map(\.name))
        var violations: [Violation] = []
        for role in workspace.config.roles {
            for (target, line) in role.targets where !names.contains(target) {
                violations.append(Violation(
                    severity: .error, rule: .unknownTarget, file: workspace.config.file, line: line,
                    target: target, subject: nil,
                    message: "role \"\(role.name)\" lists \"\(target)\", which is not a target of the package",
                    why: Rule.unknownTarget.why,
                    fix: "correct the name or remove \"\(target)\" from role \"\(role.name)\" in \(workspace.config.file)"
                ))
            }
        }
        return violations
    }

    private func checkDependencies(of target: PackageManifest.Target, assignment: RoleAssignment) -> [Violation] {
        var violations: [Violation] = []
        let files = workspace.sources[target.name] ?? []
        let imported = Set(files.flatMap { $0.imports.map(\.module) })
        var seen: Set<String> = []
        for dependency in target.dependencies where dependency.package == nil && seen.insert(dependency.name).inserted {
            let line = workspace.locator.line(ofDependency: dependency.name, inTarget: target.name) ?? 1
            if allows(assignment, target: target.name, dependency: dependency.name) == false {
                violations.append(Violation(
                    severity: .error, rule: .forbiddenDependency, file: workspace.manifestFile, line: line,
                    target: target.name, subject: dependency.name,
                    message: "\(target.name) (\(assignment.role.name)) depends on \(dependency.name) (\(roleName(dependency.name))); \(article(assignment.role.name)) module may depend only on: \(describeAllowed(assignment, target: target.name))",
                    why: assignment.role.why,
                    fix: fixForbidden(target, assignment, dependency: dependency.name, isImport: false)
                ))
            }
            let kind = workspace.manifest.target(named: dependency.name)?.type
            // A test target's dependency on an executable makes SwiftPM build it first, for the
            // tests to run it as a process: a build order, not an import.
            let buildsFirst = target.isTest && kind == "executable"
            if let severity = workspace.config.unusedDependencySeverity, !imported.contains(dependency.name), kind != "plugin", !buildsFirst {
                violations.append(Violation(
                    severity: severity, rule: .unusedDependency, file: workspace.manifestFile, line: line,
                    target: target.name, subject: dependency.name,
                    message: "\(target.name) declares a dependency on \(dependency.name), but no source file of \(target.name) imports it",
                    why: Rule.unusedDependency.why,
                    fix: "remove \"\(dependency.name)\" from \(target.name)'s dependencies in Package.swift (or, if it is needed only to build or link, add an allow entry with the reason to \(workspace.config.file))"
                ))
            }
        }
        return violations
    }

    private func checkImports(of target: PackageManifest.Target, assignment: RoleAssignment) -> [Violation] {
        var violations: [Violation] = []
        let declared = Set(target.dependencies.map(\.name))
        let packageTargets = Set(workspace.manifest.targets.map(\.name))
        let targetLine = workspace.locator.line(ofTarget: target.name) ?? 1
        for file in workspace.sources[target.name] ?? [] {
            var reported: Set<String> = []  // "module:line": each import is reported once
            for declaration in file.imports where declaration.active != .no {
                let module = declaration.module
                let note = declaration.active == .unknown
                    ? " (inside \(declaration.unknownConditions.joined(separator: " / ")), which the check cannot evaluate, so every branch is checked)"
                    : ""
                if declaration.isExported, let mayExport = assignment.role.mayExport,
                   !(workspace.roles[module].map { mayExport.contains($0.role.name) } ?? false) {
                    let allowed = mayExport.isEmpty ? "nothing" : mayExport.joined(separator: ", ") + " modules"
                    violations.append(Violation(
                        severity: .error, rule: .exportedImport, file: file.path, line: declaration.line,
                        target: target.name, subject: module,
                        message: "\(target.name) (\(assignment.role.name)) re-exports \(module) (\(packageTargets.contains(module) ? roleName(module) : "not a package module")) with @_exported import; \(article(assignment.role.name)) module may re-export only \(allowed)\(note)",
                        why: Rule.exportedImport.why,
                        fix: "write `import \(declaration.path)` without @_exported; clients that need \(module) declare and import it themselves"
                    ))
                }
                guard packageTargets.contains(module), module != target.name,
                      reported.insert("\(module):\(declaration.line)").inserted else { continue }
                let isDeclared = declared.contains(module)
                if allows(assignment, target: target.name, dependency: module) == false {
                    violations.append(Violation(
                        severity: .error, rule: .forbiddenImport, file: file.path, line: declaration.line,
                        target: target.name, subject: module,
                        message: "\(target.name) (\(assignment.role.name)) imports \(module) (\(roleName(module))), \(isDeclared ? "declared" : "not even declared") in Package.swift; \(article(assignment.role.name)) module may depend only on: \(describeAllowed(assignment, target: target.name))\(note)",
                        why: assignment.role.why,
                        fix: fixForbidden(target, assignment, dependency: module, isImport: true)
                    ))
                } else if !isDeclared {
                    violations.append(Violation(
                        severity: .error, rule: .undeclaredImport, file: file.path, line: declaration.line,
                        target: target.name, subject: module,
                        message: "\(target.name) imports \(module), which is not in \(target.name)'s dependencies\(note)",
                        why: Rule.undeclaredImport.why,
                        fix: "add \"\(module)\" to the dependencies of \(target.name) in Package.swift (line \(targetLine))"
                    ))
                }
            }
        }
        return violations
    }
}
