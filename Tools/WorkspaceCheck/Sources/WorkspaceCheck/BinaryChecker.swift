import Foundation

/// `workspace-check binary`: the bytes each module linked into the shipping binary contributes
/// (text + data of its release objects) and the linked binary's own size, against `"binary"` of the
/// config. A module over its budget fails naming its owning team; a module without one is a warning.
struct BinaryChecker {
    /// One module of the shipping binary, measured.
    struct Row: Equatable, Sendable {
        /// The module.
        let module: String
        /// Its owning team's key and handle, if it has one.
        let team: Team?
        /// Text + data of its release objects.
        let bytes: Int
        /// Its budget, if the config gives one.
        let budget: BinaryBudgets.Limit?
    }

    /// What one run measured.
    struct Measurement: Equatable, Sendable {
        /// The modules linked into the product, largest first.
        let rows: [Row]
        /// Text + data of the linked product.
        let productBytes: Int
    }

    let workspace: Workspace
    let budgets: BinaryBudgets
    /// The release build directory holding `<Target>.build/*.o` and the product, absolute.
    let buildPath: String

    /// The modules the product links: its target and every package target it reaches, except
    /// system library targets (headers and a link flag, no objects of their own).
    func shippedModules() throws(UsageError) -> [String] {
        let manifest = workspace.manifest
        guard manifest.target(named: budgets.target) != nil else {
            throw UsageError("\(workspace.config.file):\(budgets.configLine): \"binary.target\" names \"\(budgets.target)\", which is not a target of the package; give the product's executable target")
        }
        var seen: Set<String> = []
        var pending = [budgets.target]
        while let name = pending.popLast() {
            guard !seen.contains(name), let target = manifest.target(named: name), !target.isTest else { continue }
            seen.insert(name)
            pending += target.dependencies.filter { $0.package == nil }.map(\.name)
        }
        return seen.filter { manifest.target(named: $0)?.type != "system" }.sorted()
    }

    /// Measures the product's modules and the linked product; throws when the release build is missing.
    func measure() throws(UsageError) -> Measurement {
        let ownership = Ownership(workspace: workspace)
        let shown = Workspace.relative(buildPath, to: workspace.root)
        var rows: [Row] = []
        var missing: [String] = []
        for module in try shippedModules() {
            let objects = SizeChecker.objectFiles(in: "\(buildPath)/\(module).build")
            guard !objects.isEmpty else {
                missing.append(module)
                continue
            }
            var size = ObjectSize()
            for path in objects { size = size + (try read(path)) }
            rows.append(Row(module: module, team: ownership.owner(of: module)?.team, bytes: size.total, budget: budgets.modules[module]))
        }
        if !missing.isEmpty {
            throw UsageError("no release object files for \(missing.joined(separator: ", ")) in \(shown); run `swift build -c release` first (or pass --build-path DIR)")
        }
        let product = "\(buildPath)/\(budgets.product)"
        guard FileManager.default.fileExists(atPath: product) else {
            throw UsageError("no \(budgets.product) in \(shown); run `swift build -c release --product \(budgets.product)` first (or pass --build-path DIR)")
        }
        rows.sort { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.module < $1.module }
        return Measurement(rows: rows, productBytes: try read(product).total)
    }

    private func read(_ path: String) throws(UsageError) -> ObjectSize {
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        do {
            return try ELFReader.size(of: bytes)
        } catch {
            throw UsageError("\(Workspace.relative(path, to: workspace.root)) is \(error.reason); binary reads ELF64 files of a Linux release build (run `swift build -c release`)")
        }
    }

    /// The budget violations of `measurement`.
    func violations(_ measurement: Measurement) -> [Violation] {
        let config = workspace.config
        let product = budgets.product
        var violations: [Violation] = []
        let shipped = Set(measurement.rows.map(\.module))
        let targets = Set(workspace.manifest.targets.map(\.name))
        for (module, limit) in budgets.modules.sorted(by: { $0.key < $1.key }) where !shipped.contains(module) {
            let known = targets.contains(module)
            violations.append(Violation(
                severity: known ? .warning : .error, rule: known ? .binaryBudget : .unknownTarget,
                file: config.file, line: limit.configLine, target: module, subject: nil,
                message: known
                    ? "\"binary.modules\" has a budget for \(module), which is not linked into \(product)"
                    : "\"binary.modules\" has a budget for \"\(module)\", which is not a target of the package",
                why: known ? Rule.binaryBudget.why : Rule.unknownTarget.why,
                fix: "remove the entry from \"binary.modules\" in \(config.file)\(known ? "" : ", or correct the name")"
            ))
        }
        for row in measurement.rows {
            let who = Self.describe(row.module, row.team)
            guard let limit = row.budget else {
                violations.append(Violation(
                    severity: .warning, rule: .binaryBudgetMissing, file: workspace.manifestFile,
                    line: workspace.locator.line(ofTarget: row.module) ?? 1, target: row.module, subject: nil,
                    message: "\(who) ships \(SizeTable.kibibytes(row.bytes)) in \(product) and has no binary budget: no budget counts its bytes, not even the whole binary's, until it has one",
                    why: Rule.binaryBudgetMissing.why,
                    fix: "add \"binary\": {\"\(row.module)\": \(Self.suggested(row.bytes))} (today's size + 25%) to its feature's \(FeatureManifests.fileName), which raises the total by as much; or add it to \"binary.modules\" in \(config.file) and raise \"binary.totalBytes\" by as much"
                ))
                continue
            }
            guard row.bytes > limit.bytes else { continue }
            violations.append(Violation(
                severity: .error, rule: .binaryBudget, file: limit.file ?? config.file, line: limit.configLine, target: row.module, subject: nil,
                message: "\(who) contributes \(row.bytes) bytes (\(SizeTable.kibibytes(row.bytes))) to \(product), over its binary budget of \(limit.bytes) (\(SizeChecker.percent(row.bytes, of: limit.bytes)))",
                why: Rule.binaryBudget.why,
                fix: "\(row.team.map { "\($0.handle) " } ?? "")finds what grew (generic specializations, large literals, a new dependency) and shrinks it, \(raise(row.module, row.team, in: limit.file))"
            ))
        }
        let counted = Self.countedProductBytes(measurement)
        if counted > budgets.total.bytes {
            let owner = Ownership(workspace: workspace).owner(of: budgets.target)?.team
            let exempt = counted == measurement.productBytes ? "" : " (\(measurement.productBytes) less the modules without a budget yet)"
            violations.append(Violation(
                severity: .error, rule: .binaryBudget, file: config.file, line: budgets.total.configLine, target: budgets.target, subject: nil,
                message: "\(product) (\(Self.describe(budgets.target, owner))) links to \(counted) bytes (text + data)\(exempt), over its budget of \(budgets.total.bytes) (\(SizeChecker.percent(counted, of: budgets.total.bytes)))",
                why: Rule.binaryBudget.why,
                fix: "compare the table with main's, then shrink what grew, or raise \"binary.totalBytes\" in \(config.file) in the same pull request, approved by \(owner.map { "\($0.handle) and " } ?? "")the owners of \(config.file)"
            ))
        }
        return violations
    }

    private func raise(_ module: String, _ team: Team?, in manifest: String?) -> String {
        if let manifest {
            return "or raise \"binary\" of \(module) in \(manifest) in the same pull request, approved by \(team.map { "\($0.handle)" } ?? "its owners")"
        }
        return "or raise \"binary.modules.\(module)\" in \(workspace.config.file) in the same pull request, approved by \(team.map { "\($0.handle) and " } ?? "")the owners of \(workspace.config.file)"
    }

    /// The linked product's bytes counted against `"totalBytes"`: all of them, less the objects of
    /// modules without a budget yet, so a merge that adds a module never fails CI until its team
    /// gives it a budget (and raises the total with it).
    static func countedProductBytes(_ measurement: Measurement) -> Int {
        let exempt = measurement.rows.filter { $0.budget == nil }.reduce(0) { $0 + $1.bytes }
        return max(0, measurement.productBytes - exempt)
    }

    /// `Feed (team feed, @org/feed)`, or `Feed (no owning team)`.
    static func describe(_ module: String, _ team: Team?) -> String {
        guard let team else { return "\(module) (no owning team)" }
        return "\(module) (team \(team.name), \(team.handle))"
    }

    /// A budget of `bytes` + 25%, rounded up to 4 KiB.
    static func suggested(_ bytes: Int) -> Int {
        let padded = (bytes * 5 + 3) / 4
        return max(4_096, (padded + 4_095) / 4_096 * 4_096)
    }
}
