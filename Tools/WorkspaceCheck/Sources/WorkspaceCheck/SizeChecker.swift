import Foundation

/// `workspace-check size`: lines of code and compiled size (text + data of the release object
/// files) per module, against the budgets in the config.
struct SizeChecker {
    let workspace: Workspace
    /// The release build directory holding `<Target>.build/*.o`, absolute.
    let buildPath: String

    /// The targets measured: every non-test Swift target (libraries, executables, macros).
    private var measuredTargets: [PackageManifest.Target] {
        workspace.manifest.targets.filter { ["regular", "executable", "macro"].contains($0.type) }
    }

    /// Measures every module; throws when a module has no release objects.
    func measure() throws(UsageError) -> [ModuleSize] {
        var sizes: [ModuleSize] = []
        var missing: [String] = []
        for target in measuredTargets {
            let directory = "\(buildPath)/\(target.name).build"
            let objects = Self.objectFiles(in: directory)
            if objects.isEmpty {
                missing.append(target.name)
                continue
            }
            var object = ObjectSize()
            for path in objects {
                let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
                do {
                    object = object + (try ELFReader.size(of: bytes))
                } catch {
                    throw UsageError("\(Workspace.relative(path, to: workspace.root)) is \(error.reason); size reads ELF64 objects from a Linux release build (run `swift build -c release`)")
                }
            }
            let assignment = workspace.roles[target.name]
            sizes.append(ModuleSize(
                module: target.name,
                role: assignment?.role.name ?? "no role",
                lines: (workspace.sources[target.name] ?? []).reduce(0) { $0 + $1.codeLineCount },
                object: object,
                budget: workspace.config.budgets[target.name] ?? assignment?.role.budget
            ))
        }
        if !missing.isEmpty {
            let shown = Workspace.relative(buildPath, to: workspace.root)
            throw UsageError("no release object files for \(missing.joined(separator: ", ")) in \(shown); run `swift build -c release` first (or pass --build-path DIR)")
        }
        return sizes
    }

    /// The budget violations of `sizes`, plus budgets that name no target.
    func violations(_ sizes: [ModuleSize]) -> [Violation] {
        var violations: [Violation] = []
        let config = workspace.config
        let names = Set(workspace.manifest.targets.map(\.name))
        for (module, budget) in config.budgets.sorted(by: { $0.key < $1.key }) where !names.contains(module) {
            violations.append(Violation(
                severity: .error, rule: .unknownTarget, file: config.file, line: budget.configLine,
                target: module, subject: nil,
                message: "\"budgets\" has an entry for \"\(module)\", which is not a target of the package",
                why: Rule.unknownTarget.why,
                fix: "correct the name or remove the entry from \"budgets\" in \(config.file)"
            ))
        }
        for size in sizes {
            guard let budget = size.budget else {
                violations.append(Violation(
                    severity: .error, rule: .lineBudget, file: workspace.manifestFile,
                    line: workspace.locator.line(ofTarget: size.module) ?? 1, target: size.module, subject: nil,
                    message: "\(size.module) (\(size.role)) has no size budget",
                    why: Rule.lineBudget.why,
                    fix: "add \"\(size.module)\": {\"lines\": …, \"bytes\": …} to \"budgets\" in \(config.file), or a \"budget\" to role \"\(size.role)\" (`workspace-check size --suggest` prints numbers)"
                ))
                continue
            }
            let raise = "or, if the growth is intended, raise the budget in \(config.file) (`workspace-check size --suggest` prints current × 1.5)"
            if size.lines > budget.lines {
                violations.append(Violation(
                    severity: .error, rule: .lineBudget, file: config.file, line: budget.configLine,
                    target: size.module, subject: nil,
                    message: "\(size.module) (\(size.role)) has \(size.lines) lines of code, over its budget of \(budget.lines) (\(Self.percent(size.lines, of: budget.lines)))",
                    why: Rule.lineBudget.why,
                    fix: "split \(size.module): move its second concern into a new module with a role, \(raise)"
                ))
            }
            if size.bytes > budget.bytes {
                violations.append(Violation(
                    severity: .error, rule: .byteBudget, file: config.file, line: budget.configLine,
                    target: size.module, subject: nil,
                    message: "\(size.module) (\(size.role)) compiles to \(size.bytes) bytes (text + data), over its budget of \(budget.bytes) (\(Self.percent(size.bytes, of: budget.bytes)))",
                    why: Rule.byteBudget.why,
                    fix: "find what grew (generic specializations and large literals are typical), split \(size.module), \(raise)"
                ))
            }
        }
        return violations
    }

    /// `part` as a percentage of `whole`, one decimal.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "—" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// The `.o` files of the module's current sources: those SwiftPM's `output-file-map.json`
    /// names (so objects left from renamed or deleted files don't count), else every `.o` under
    /// `directory`, sorted.
    static func objectFiles(in directory: String) -> [String] {
        if let listed = mappedObjectFiles(in: directory) { return listed }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let next = enumerator.nextObject() as? String {
            if next.hasSuffix(".o") { files.append("\(directory)/\(next)") }
        }
        return files.sorted()
    }

    /// The objects `output-file-map.json` lists that exist, or `nil` without a readable map.
    private static func mappedObjectFiles(in directory: String) -> [String]? {
        guard let data = FileManager.default.contents(atPath: "\(directory)/output-file-map.json"),
              let map = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return nil }
        let objects = map.values.compactMap { ($0 as? [String: Any])?["object"] as? String }
            .filter { FileManager.default.fileExists(atPath: $0) }
        return objects.isEmpty ? nil : Array(Set(objects)).sorted()
    }

    /// Budgets of `factor` × the current size, rounded up (lines to 100, bytes to 16 KiB), as the
    /// JSON to paste into the config's `"budgets"`.
    static func suggestedBudgets(_ sizes: [ModuleSize], factor: Double) -> String {
        func roundUp(_ value: Double, to step: Int) -> Int {
            max(step, Int((value / Double(step)).rounded(.up)) * step)
        }
        let entries = sizes.sorted { $0.module < $1.module }.map { size in
            let lines = roundUp(Double(size.lines) * factor, to: 100)
            let bytes = roundUp(Double(size.bytes) * factor, to: 16_384)
            return "    \"\(size.module)\": { \"lines\": \(lines), \"bytes\": \(bytes) }"
        }
        return "  \"budgets\": {\n" + entries.joined(separator: ",\n") + "\n  }"
    }
}
