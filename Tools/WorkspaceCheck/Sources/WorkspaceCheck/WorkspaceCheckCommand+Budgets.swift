/// `binary` and `launch`: the budgets of what ships, per module and owning team.
extension WorkspaceCheckCommand {
    static func binary(_ workspace: Workspace, _ options: CommandOptions) throws(UsageError) -> CommandOutcome {
        guard let budgets = workspace.config.binary else {
            throw UsageError("\(workspace.config.file) has no \"binary\"; add {\"product\": …, \"target\": …, \"totalBytes\": …, \"modules\": {…}} (see Tools/WorkspaceCheck/README.md, or run `workspace-check binary --suggest` once it has product and target)")
        }
        let checker = BinaryChecker(workspace: workspace, budgets: budgets, buildPath: options.buildPath ?? "\(workspace.root)/.build/release")
        let measurement = try checker.measure()
        if options.suggest {
            let factor = options.factor ?? 1.25
            func padded(_ bytes: Int) -> Int { max(4_096, Int((Double(bytes) * factor / 4_096).rounded(.up)) * 4_096) }
            let entries = measurement.rows.sorted { $0.module < $1.module }.map { "      \"\($0.module)\": \(padded($0.bytes))" }
            let text = "    \"totalBytes\": \(padded(measurement.productBytes)),\n    \"modules\": {\n" + entries.joined(separator: ",\n") + "\n    }"
            return CommandOutcome(exitCode: 0, output: text + "\n", errorOutput: "")
        }
        let filtered = AllowFilter.apply(checker.violations(measurement), command: "binary", config: workspace.config)
        var rows: [[String]] = [["module", "team", "bytes", "/ budget", "used"]]
        for row in measurement.rows {
            rows.append([
                row.module, row.team?.name ?? "none", SizeTable.kibibytes(row.bytes),
                row.budget.map { "/ " + SizeTable.kibibytes($0.bytes) } ?? "/ none",
                row.budget.map { SizeChecker.percent(row.bytes, of: $0.bytes) } ?? "—",
            ])
        }
        let objects = measurement.rows.reduce(0) { $0 + $1.bytes }
        let counted = BinaryChecker.countedProductBytes(measurement)
        rows.append([
            budgets.product, "(linked)", SizeTable.kibibytes(counted), "/ " + SizeTable.kibibytes(budgets.total.bytes),
            SizeChecker.percent(counted, of: budgets.total.bytes),
        ])
        var note = "(the modules' objects add up to \(SizeTable.kibibytes(objects)); the linked \(budgets.product) also holds its dynamic-linking tables, less what the linker dropped)"
        if counted != measurement.productBytes {
            note += "\n(\(budgets.product) is \(SizeTable.kibibytes(measurement.productBytes)); the \(SizeTable.kibibytes(measurement.productBytes - counted)) of modules without a budget yet do not count until they have one)"
        }
        let summary = "workspace-check binary: \(budgets.product), \(measurement.rows.count) modules, \(ViolationFormatter.counts(filtered.violations, allowed: filtered.allowedCount))"
        let json = JSONWriter.array(measurement.rows.map { row in
            JSONWriter.object([
                ("module", .string(row.module)),
                ("team", row.team.map { .string($0.name) } ?? .null),
                ("handle", row.team.map { .string($0.handle) } ?? .null),
                ("bytes", JSONWriter.number(row.bytes)),
                ("budget", row.budget.map { JSONWriter.number($0.bytes) } ?? .null),
            ])
        })
        return finish(filtered, command: "binary", summary: summary, options: options, text: table(rows, rightAligned: [2, 4]) + [note], json: [
            ("product", .string(budgets.product)),
            ("productBytes", JSONWriter.number(measurement.productBytes)),
            ("productCountedBytes", JSONWriter.number(counted)),
            ("productBudget", JSONWriter.number(budgets.total.bytes)),
            ("modules", json),
        ])
    }

    static func launch(_ workspace: Workspace, _ options: CommandOptions) throws(UsageError) -> CommandOutcome {
        guard let budget = workspace.config.launch else {
            throw UsageError("\(workspace.config.file) has no \"launch\"; add {\"product\": …, \"module\": …, \"arguments\": […], \"marker\": …, \"ratio\": …} (see Tools/WorkspaceCheck/README.md)")
        }
        let buildPath = options.buildPath ?? "\(workspace.root)/.build/release"
        let timer = LaunchTimer(executable: "\(buildPath)/\(budget.product)", budget: budget)
        let runs = options.runs ?? budget.runs
        let samples = try timer.samples(runs: runs)
        let team = Ownership(workspace: workspace).owner(of: budget.module)?.team
        let checker = LaunchChecker(budget: budget, configFile: workspace.config.file, team: team)
        let result = LaunchChecker.result(bare: samples.bare, measured: samples.measured)
        let filtered = AllowFilter.apply(checker.violations(result), command: "launch", config: workspace.config)
        let lines = [
            "bare start (\(([budget.product] + budget.bareArguments).joined(separator: " ")), spawn to exit): \(LaunchChecker.format(result.bare))",
            "cold start (\(([budget.product] + budget.arguments).joined(separator: " ")), to the first line with \(budget.marker)): \(LaunchChecker.format(result.measured))",
            "ratio \(LaunchChecker.times(result.ratio)) / budget \(LaunchChecker.times(budget.ratio)) (medians of \(runs) each, alternating); owner: \(BinaryChecker.describe(budget.module, team))",
        ]
        let summary = "workspace-check launch: \(budget.product), \(ViolationFormatter.counts(filtered.violations, allowed: filtered.allowedCount))"
        func milliseconds(_ duration: Duration) -> JSONNode.Value {
            .number(Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15)
        }
        return finish(filtered, command: "launch", summary: summary, options: options, text: lines, json: [
            ("product", .string(budget.product)),
            ("bareMilliseconds", milliseconds(result.bare)),
            ("coldMilliseconds", milliseconds(result.measured)),
            ("ratio", .number(result.ratio.isFinite ? result.ratio : 0)),
            ("budget", .number(budget.ratio)),
            ("runs", JSONWriter.number(runs)),
        ])
    }

    /// Text rows padded into columns.
    private static func table(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = row.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return rightAligned.contains(index) ? padding + cell : cell + padding
            }.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
