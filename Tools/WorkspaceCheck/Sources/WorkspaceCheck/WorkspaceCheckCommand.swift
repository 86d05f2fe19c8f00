import Foundation

/// `workspace-check`: module boundaries, size budgets, the module graph, owners, feature shape and
/// the modules a change affects, of a SwiftPM package.
public enum WorkspaceCheckCommand {
    /// Runs the command line `arguments` (without the program name) from `currentDirectory`.
    public static func run(arguments: [String], currentDirectory: String) -> CommandOutcome {
        do {
            let options = try CommandOptions.parse(arguments, currentDirectory: currentDirectory)
            if options.help {
                return CommandOutcome(exitCode: 0, output: CommandOptions.usage + "\n", errorOutput: "")
            }
            let workspace = try Workspace.load(root: options.packagePath, configPath: options.configPath)
            switch options.command {
            case "deps": return deps(workspace, options)
            case "size": return try size(workspace, options)
            case "owners": return try owners(workspace, options)
            case "plugins": return try plugins(workspace, options)
            case "shape": return shape(workspace, options)
            case "affected": return try affected(workspace, options)
            case "binary": return try binary(workspace, options)
            case "launch": return try launch(workspace, options)
            default: return try graph(workspace, options)
            }
        } catch {
            return CommandOutcome(exitCode: 2, output: "", errorOutput: "workspace-check: error: \(error.message)\n")
        }
    }

    // MARK: - deps

    private static func deps(_ workspace: Workspace, _ options: CommandOptions) -> CommandOutcome {
        let found = DependencyChecker(workspace: workspace).check()
        let filtered = AllowFilter.apply(found, command: "deps", config: workspace.config)
        let summary = "workspace-check deps: \(workspace.manifest.targets.count) targets, \(ViolationFormatter.counts(filtered.violations, allowed: filtered.allowedCount))"
        return finish(filtered, command: "deps", summary: summary, options: options, text: [], json: [
            ("targets", JSONWriter.number(workspace.manifest.targets.count)),
        ])
    }

    // MARK: - shape

    private static func shape(_ workspace: Workspace, _ options: CommandOptions) -> CommandOutcome {
        let filtered = AllowFilter.apply(ShapeChecker(workspace: workspace).check(), command: "shape", config: workspace.config)
        let summary = "workspace-check shape: \(workspace.config.features.count) features, \(ViolationFormatter.counts(filtered.violations, allowed: filtered.allowedCount))"
        return finish(filtered, command: "shape", summary: summary, options: options, text: [], json: [
            ("features", JSONWriter.array(workspace.config.features.map { .string($0.name) })),
        ])
    }

    // MARK: - size

    private static func size(_ workspace: Workspace, _ options: CommandOptions) throws(UsageError) -> CommandOutcome {
        let buildPath = options.buildPath ?? "\(workspace.root)/.build/release"
        let checker = SizeChecker(workspace: workspace, buildPath: buildPath)
        let sizes = try checker.measure()
        if options.suggest {
            return CommandOutcome(exitCode: 0, output: SizeChecker.suggestedBudgets(sizes, factor: options.factor ?? 1.5) + "\n", errorOutput: "")
        }
        let baseline = try options.baseline.map { (path) throws(UsageError) in
            try SizeBaseline.load(path: path, shownAs: Workspace.relative(path, to: options.packagePath))
        }
        var notes: [String] = []
        if let path = options.writeBaseline {
            do {
                try SizeBaseline(sizes).serialized().write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw UsageError("could not write the baseline to \(path) (\(error.localizedDescription)); check that its directory exists and is writable")
            }
            notes.append("saved the baseline to \(Workspace.relative(path, to: options.packagePath))")
        }
        let filtered = AllowFilter.apply(checker.violations(sizes), command: "size", config: workspace.config)
        let table = SizeTable(sizes: sizes, baseline: baseline)
        let summary = "workspace-check size: \(sizes.count) modules, \(ViolationFormatter.counts(filtered.violations, allowed: filtered.allowedCount))"
        return finish(filtered, command: "size", summary: summary, options: options, text: table.lines() + notes, json: [
            ("modules", table.json()),
        ])
    }

    // MARK: - graph

    private static func graph(_ workspace: Workspace, _ options: CommandOptions) throws(UsageError) -> CommandOutcome {
        let graph = ModuleGraph(workspace: workspace, includeTests: options.includeTests)
        guard let readmePath = options.check ?? options.write else {
            if options.format == .json {
                let json = JSONWriter.object([
                    ("nodes", JSONWriter.array(graph.nodes.map { JSONWriter.object([("name", .string($0.name)), ("role", JSONWriter.string($0.role))]) })),
                    ("edges", JSONWriter.array(graph.edges.map { JSONWriter.object([("from", .string($0.0)), ("to", .string($0.1))]) })),
                ])
                return CommandOutcome(exitCode: 0, output: JSONWriter.write(json) + "\n", errorOutput: "")
            }
            return CommandOutcome(exitCode: 0, output: (options.dot ? graph.dot() : graph.mermaid()) + "\n", errorOutput: "")
        }
        let shown = Workspace.relative(readmePath, to: workspace.root)
        guard let data = FileManager.default.contents(atPath: readmePath) else {
            throw UsageError("no file at \(shown); give the README that embeds the module graph")
        }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected = ReadmeGraphBlock.body(mermaid: graph.mermaid())
        let location = ReadmeGraphBlock.locate(in: lines)
        let addMarkers = "add the lines \(ReadmeGraphBlock.beginMarker) and \(ReadmeGraphBlock.endMarker) where the graph belongs, then run `workspace-check graph --write \(shown)`"
        if options.write != nil {
            guard let location else { throw UsageError("\(shown) has no module-graph markers; \(addMarkers)") }
            let updated = ModuleMapBlock.replacing(
                in: ReadmeGraphBlock.replacing(readme: lines, at: location, with: expected), with: ModuleMapBlock.body(workspace)).joined(separator: "\n")
            if updated != text {
                do {
                    try updated.write(toFile: readmePath, atomically: true, encoding: .utf8)
                } catch {
                    throw UsageError("could not write \(shown) (\(error.localizedDescription)); check that it is writable")
                }
            }
            let note = updated == text ? "workspace-check graph: \(shown) is already current" : "workspace-check graph: wrote the module graph to \(shown)"
            return CommandOutcome(exitCode: 0, output: note + "\n", errorOutput: "")
        }
        var violations: [Violation] = []
        let mapped = ModuleMapBlock.replacing(in: lines, with: ModuleMapBlock.body(workspace))
        if let index = lines.indices.first(where: { $0 >= mapped.count || lines[$0] != mapped[$0] }) ?? (lines.count < mapped.count ? lines.count : nil) {
            violations.append(Violation(
                severity: .error, rule: .staleGraph, file: shown, line: index + 1, target: shown, subject: nil,
                message: "the module map in \(shown) is stale: it differs from Package.swift at line \(index + 1)",
                why: Rule.staleGraph.why, fix: "run `workspace-check graph --write \(shown)` and commit the result"
            ))
        }
        if let location {
            if let line = ReadmeGraphBlock.firstDifference(readme: lines, at: location, expected: expected) {
                violations.append(Violation(
                    severity: .error, rule: .staleGraph, file: shown, line: line, target: shown, subject: nil,
                    message: "the module graph in \(shown) is stale: it differs from Package.swift at line \(line)",
                    why: Rule.staleGraph.why,
                    fix: "run `workspace-check graph --write \(shown)` and commit the result"
                ))
            }
        } else {
            violations.append(Violation(
                severity: .error, rule: .staleGraph, file: shown, line: 1, target: shown, subject: nil,
                message: "\(shown) has no module-graph markers", why: Rule.staleGraph.why, fix: addMarkers
            ))
        }
        let filtered = AllowFilter.apply(violations, command: "graph", config: workspace.config)
        let summary = "workspace-check graph: \(shown) \(filtered.violations.isEmpty ? "is current" : "needs an update"), \(ViolationFormatter.counts(filtered.violations, allowed: filtered.allowedCount))"
        return finish(filtered, command: "graph", summary: summary, options: options, text: [], json: [])
    }

    // MARK: - Output

    static func finish(
        _ result: AllowFilter.Result, command: String, summary: String, options: CommandOptions,
        text: [String], json: [(String, JSONNode.Value)]
    ) -> CommandOutcome {
        let errors = result.violations.filter { $0.severity == .error }.count
        let exitCode: Int32 = errors > 0 ? 1 : 0
        switch options.format {
        case .json:
            let document = JSONWriter.object([
                ("command", .string(command)),
                ("errors", JSONWriter.number(errors)),
                ("warnings", JSONWriter.number(result.violations.count - errors)),
                ("allowed", JSONWriter.number(result.allowedCount)),
            ] + json + [
                ("violations", JSONWriter.array(result.violations.map(ViolationFormatter.json))),
            ])
            return CommandOutcome(exitCode: exitCode, output: JSONWriter.write(document) + "\n", errorOutput: "")
        case .text, .github:
            let body = text + result.violations.map { ViolationFormatter.format($0, as: options.format) } + [summary]
            return CommandOutcome(exitCode: exitCode, output: body.joined(separator: "\n") + "\n", errorOutput: "")
        }
    }
}
