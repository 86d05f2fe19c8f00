import Foundation

/// `workspace-check plugins`: the follow-ups the features' manifests declare; `--write` / `--check`
/// keep the host's plugin list (a `.swift` file) or a document's flag table current.
extension WorkspaceCheckCommand {
    static func plugins(_ workspace: Workspace, _ options: CommandOptions) throws(UsageError) -> CommandOutcome {
        let generated = GeneratedPlugins(config: workspace.config)
        var violations: [Violation] = []
        var notes: [String] = []
        for (feature, plugin) in generated.plugins where workspace.manifest.target(named: plugin.module) == nil {
            violations.append(Violation(
                severity: .error, rule: .unknownTarget, file: feature.file, line: plugin.line, target: plugin.module, subject: nil,
                message: "plugin \(plugin.type) names module \"\(plugin.module)\", which is not a target of the package",
                why: Rule.unknownTarget.why, fix: "correct \"module\" in \(feature.file), or declare the target in Package.swift"
            ))
        }
        if let path = options.check ?? options.write {
            let shown = Workspace.relative(path, to: workspace.root)
            let current = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            let expected = try Self.expected(path: path, shown: shown, current: current, generated: generated)
            let regenerate = "run `workspace-check plugins --write \(shown)` and commit the result"
            if options.write != nil {
                if current != expected {
                    do {
                        let directory = (path as NSString).deletingLastPathComponent
                        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                        try expected.write(toFile: path, atomically: true, encoding: .utf8)
                    } catch {
                        throw UsageError("could not write \(shown) (\(error.localizedDescription)); check that it is writable")
                    }
                }
                notes.append(current == expected ? "workspace-check plugins: \(shown) is already current" : "workspace-check plugins: wrote \(shown)")
            } else if current != expected {
                let line = Self.firstDifference(current ?? "", expected)
                violations.append(Violation(
                    severity: .error, rule: .staleGenerated, file: shown, line: line, target: shown, subject: nil,
                    message: current == nil ? "there is no \(shown)" : "\(shown) is stale: it differs from the features' manifests at line \(line)",
                    why: Rule.staleGenerated.why, fix: regenerate
                ))
            }
        }
        let filtered = AllowFilter.apply(violations, command: "plugins", config: workspace.config)
        let summary = "workspace-check plugins: \(generated.plugins.count) plugins in \(workspace.config.features.count) features, \(ViolationFormatter.counts(filtered.violations, allowed: filtered.allowedCount))"
        let rows = generated.plugins.map { feature, plugin in
            "  \(plugin.position)  \(plugin.flag)  \(plugin.type) (\(plugin.module), team \(feature.owner ?? "none"))  \(feature.file)"
        }
        return finish(filtered, command: "plugins", summary: summary, options: options, text: notes.isEmpty ? rows : notes, json: [
            ("plugins", JSONWriter.array(generated.plugins.map { feature, plugin in
                JSONWriter.object([
                    ("flag", .string(plugin.flag)), ("type", .string(plugin.type)), ("module", .string(plugin.module)),
                    ("position", JSONWriter.number(plugin.position)), ("owner", .string(feature.owner ?? "")), ("manifest", .string(feature.file)),
                ])
            })),
        ])
    }

    /// What `path` should hold: the plugin list for a `.swift` file, else the document with its flag table regenerated.
    private static func expected(path: String, shown: String, current: String?, generated: GeneratedPlugins) throws(UsageError) -> String {
        if path.hasSuffix(".swift") { return generated.pluginList(shownAs: shown) }
        guard let current else { throw UsageError("there is no \(shown); give the plugin list (a .swift file) or a Markdown file with generated blocks") }
        // Split on the byte, so a CRLF file's lines are found too (they keep their CR; the table's own lines end in LF).
        let lines = Self.lines(current)
        let blocks: [(begin: Int, end: Int, block: GeneratedPlugins.Block)]
        do {
            blocks = try GeneratedPlugins.blocks(in: lines)
        } catch {
            throw UsageError("\(shown): \(error.message)")
        }
        guard !blocks.isEmpty else {
            throw UsageError("\(shown) has no generated block: add a line `\(GeneratedPlugins.beginMarker) -->` (or `\(GeneratedPlugins.beginMarker) detailed|keys|headless|fields -->`) and a line `\(GeneratedPlugins.endMarker)` where it goes")
        }
        var result = lines
        for (begin, end, block) in blocks.reversed() {
            result = Array(result[...begin]) + generated.lines(of: block, linkingFrom: shown) + Array(result[end...])
        }
        return result.joined(separator: "\n")
    }

    /// `text`'s lines, split on the newline byte (a Character would take "\r\n" as one).
    private static func lines(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The first line (1-based) where `have` and `want` differ.
    private static func firstDifference(_ have: String, _ want: String) -> Int {
        let a = lines(have), b = lines(want)
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] { return index + 1 }
        return 1
    }
}
