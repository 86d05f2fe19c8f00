/// `workspace-check shape`: each feature of the config has its parts with the right roles
/// (interface, implementation, testsupport, tests, example), a feature with an interface has every
/// part (a missing one is an error), and every implementation belongs to exactly one feature.
struct ShapeChecker {
    let workspace: Workspace

    /// Every shape violation, sorted by file and line.
    func check() -> [Violation] {
        let config = workspace.config
        var violations: [Violation] = []
        func add(_ severity: Violation.Severity, _ rule: Rule, file: String? = nil, line: Int, target: String, _ message: String, fix: String) {
            violations.append(Violation(
                severity: severity, rule: rule, file: file ?? config.file, line: line, target: target, subject: nil,
                message: message, why: rule.why, fix: fix
            ))
        }
        for feature in config.features {
            // Each part, the config key that names it and the role it must have.
            let members: [(key: String, role: String, names: [String])] = [
                ("interface", "interface", feature.interface.map { [$0] } ?? []), ("implementations", "implementation", feature.implementations),
                ("testing", "testsupport", feature.testing.map { [$0] } ?? []), ("tests", "tests", feature.tests),
                ("demo", "example", feature.demo.map { [$0] } ?? []),
            ]
            func add(_ severity: Violation.Severity, _ rule: Rule, line: Int, target: String, _ message: String, fix: String) {
                violations.append(Violation(
                    severity: severity, rule: rule, file: feature.file, line: line, target: target, subject: nil,
                    message: message, why: rule.why, fix: fix
                ))
            }
            for (key, role, names) in members {
                for name in names {
                    let line = feature.line(of: name)
                    guard let target = workspace.manifest.target(named: name) else {
                        add(.error, .unknownTarget, line: line, target: name,
                            "feature \"\(feature.name)\" names \"\(name)\" as its \(key), which is not a target of the package",
                            fix: "correct the name, or create the target (a folder of role \(role), declared in Package.swift)\(key == "testing" || key == "demo" ? ", or leave \"\(key)\" out until it exists" : "")")
                        continue
                    }
                    let actual = workspace.roles[name]?.role.name
                    // A feature's own end-to-end tests (`<Name>EndToEndTests`) are among its tests too.
                    if actual != role, !(key == "tests" && actual == "e2e") {
                        let folder = workspace.config.roles.first { $0.name == role }?.folders.first
                        let move = folder.map { "move \(target.path) into \($0)/ (and set its path: in Package.swift)" } ?? "give it role \(role)"
                        add(.error, .featureRole, line: line, target: name,
                            "\(name), the \(key) of feature \"\(feature.name)\", has role \(actual ?? "none"), not \(role)",
                            fix: "\(move), or name the right module in \"\(key)\" of feature \"\(feature.name)\"")
                    }
                }
            }
            if feature.interface == nil {
                add(.warning, .featureIncomplete, line: feature.configLine, target: feature.name,
                    "feature \"\(feature.name)\" has no interface",
                    fix: "fine while no other module calls it (a follow-up reaches the app through PluginInterface); once one does, add \(feature.name)Interface to Modules/Interfaces/ and \"interface\": \"\(feature.name)Interface\" to the feature")
            }
            // A feature with an interface has every part; one without (a follow-up no module calls) may still lack some.
            let missing: Violation.Severity = feature.interface == nil ? .warning : .error
            if feature.testing == nil {
                add(missing, .featureIncomplete, line: feature.configLine, target: feature.name,
                    "feature \"\(feature.name)\" has no testing module",
                    fix: "add \(feature.name)Testing to Modules/TestSupport/ with fakes of \(feature.interface ?? "its contracts"), and \"testing\": \"\(feature.name)Testing\" to the feature")
            }
            if feature.tests.isEmpty {
                let tests = "\(feature.implementations.first ?? feature.name)Tests"
                add(missing, .featureIncomplete, line: feature.configLine, target: feature.name,
                    "feature \"\(feature.name)\" has no tests",
                    fix: "add the test target \(tests) in Tests/\(tests)/ (one per implementation), and \"tests\": [\"\(tests)\"] to the feature")
            }
            if feature.demo == nil {
                add(missing, .featureIncomplete, line: feature.configLine, target: feature.name,
                    "feature \"\(feature.name)\" has no demo",
                    fix: "add the executable \(feature.name)Demo in Examples/\(feature.name)Demo/ (product \(Self.kebab(feature.name))-demo), and \"demo\": \"\(feature.name)Demo\" to the feature")
            }
        }
        let featureList = config.features.map(\.name).joined(separator: ", ")
        for target in workspace.manifest.targets where workspace.roles[target.name]?.role.name == "implementation" {
            let owners = config.features.filter { $0.implementations.contains(target.name) }
            if owners.isEmpty {
                add(.error, .featurelessImplementation, file: workspace.manifestFile,
                    line: workspace.locator.line(ofTarget: target.name) ?? 1, target: target.name,
                    "\(target.name) (implementation) belongs to no feature",
                    fix: "add \"\(target.name)\" to the \"implementations\" of its feature in its \(FeatureManifests.fileName)\(featureList.isEmpty ? "" : " (features: \(featureList))"), or add a feature for it: a \(FeatureManifests.fileName) in \(target.path)/")
            } else if owners.count > 1 {
                for feature in owners.dropFirst() {
                    add(.error, .sharedImplementation, file: feature.file, line: feature.line(of: target.name), target: target.name,
                        "\(target.name) is an implementation of both \"\(owners[0].name)\" and \"\(feature.name)\"",
                        fix: "keep \"\(target.name)\" in the \"implementations\" of one feature; the other reaches it through an interface")
                }
            }
        }
        return violations.sorted { ($0.file, $0.line, $0.rule.rawValue, $0.message) < ($1.file, $1.line, $1.rule.rawValue, $1.message) }
    }

    /// `FeedProfile` → `feed-profile`.
    static func kebab(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase, !result.isEmpty { result += "-" }
            result += character.lowercased()
        }
        return result
    }
}
