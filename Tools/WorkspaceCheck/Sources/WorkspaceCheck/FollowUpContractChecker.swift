/// `deps`: a follow-up's own contract (its manifest's plugin `contract`) is imported, and depended
/// on, only by its feature's modules and the tools; every other module reaches the follow-up
/// through the plugin contract's open extension points.
struct FollowUpContractChecker {
    let workspace: Workspace

    /// Every import of, and declared dependency on, a follow-up's contract from outside its feature.
    func check() -> [Violation] {
        var violations: [Violation] = []
        for feature in workspace.config.features {
            for plugin in feature.plugins {
                guard let contract = plugin.contract else { continue }
                let own = Set(feature.parts + [contract])
                for target in workspace.manifest.targets where !own.contains(target.name) && workspace.roles[target.name]?.role.name != "tools" {
                    let message = "\(target.name) (\(workspace.roles[target.name]?.role.name ?? "no role")) uses \(contract), the contract of follow-up \(plugin.flag) (\(plugin.type)); only \(feature.name)'s modules may"
                    let fix = "reach \(plugin.flag) through PluginInterface's open extension points instead (the post pipeline, a service offered by an interface type of a core feature in ServiceRegistry, a ScreenExtension, a headless field), or, if \(target.name) is part of \(feature.name), list it in \(feature.file)"
                    for file in workspace.sources[target.name] ?? [] {
                        for declaration in file.imports where declaration.module == contract && declaration.active != .no {
                            violations.append(Violation(
                                severity: .error, rule: .followUpContract, file: file.path, line: declaration.line, target: target.name,
                                subject: contract, message: message, why: Rule.followUpContract.why, fix: fix))
                        }
                    }
                    if target.dependencies.contains(where: { $0.name == contract }) {
                        violations.append(Violation(
                            severity: .error, rule: .followUpContract, file: workspace.manifestFile,
                            line: workspace.locator.line(ofDependency: contract, inTarget: target.name) ?? workspace.locator.line(ofTarget: target.name) ?? 1,
                            target: target.name, subject: contract, message: message, why: Rule.followUpContract.why, fix: fix))
                    }
                }
            }
        }
        return violations
    }
}
