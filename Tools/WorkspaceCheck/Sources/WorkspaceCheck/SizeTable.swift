/// The `size` table: module, role, lines / budget, bytes / budget, % used, and the change
/// against a baseline when one is given.
struct SizeTable {
    let sizes: [ModuleSize]
    let baseline: SizeBaseline?

    /// Bytes in KiB with one decimal.
    static func kibibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 512) / 1024
        return "\(tenths / 10).\(tenths % 10) KiB"
    }

    private static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : "\(value)"
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// The table as text lines.
    func lines() -> [String] {
        var rows: [[String]] = [["module", "role", "lines", "/ budget", "used", "bytes", "/ budget", "used"]]
        if baseline != nil { rows[0] += ["Δ lines", "Δ bytes"] }
        for size in sizes {
            let budget = size.budget
            let linesBudget: String = budget.map { "/ \($0.lines)" } ?? "/ none"
            let linesUsed: String = budget.map { SizeChecker.percent(size.lines, of: $0.lines) } ?? "—"
            let bytesBudget: String = budget.map { "/ " + Self.kibibytes($0.bytes) } ?? "/ none"
            let bytesUsed: String = budget.map { SizeChecker.percent(size.bytes, of: $0.bytes) } ?? "—"
            var row: [String] = [size.module, size.role, String(size.lines), linesBudget, linesUsed]
            row += [Self.kibibytes(size.bytes), bytesBudget, bytesUsed]
            if let baseline {
                if let old = baseline.modules[size.module] {
                    row += [Self.signed(size.lines - old.lines), Self.signed(size.bytes - old.bytes) + " B"]
                } else {
                    row += ["new", "new"]
                }
            }
            rows.append(row)
        }
        if let baseline {
            let current = Set(sizes.map(\.module))
            for name in baseline.modules.keys.sorted() where !current.contains(name) {
                let old = baseline.modules[name] ?? SizeBaseline.Entry(lines: 0, bytes: 0)
                let blanks: [String] = Array(repeating: "", count: 6)
                rows.append([name, "removed"] + blanks + [Self.signed(-old.lines), Self.signed(-old.bytes) + " B"])
            }
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        let rightAligned: Set<Int> = [2, 4, 5, 7, 8, 9]
        return rows.map { row in
            row.enumerated().map { Self.pad($1, widths[$0], right: rightAligned.contains($0)) }
                .joined(separator: "  ").trimmingSuffixSpaces()
        }
    }

    /// The table as a JSON array.
    func json() -> JSONNode.Value {
        JSONWriter.array(sizes.map { size in
            var pairs: [(String, JSONNode.Value)] = [
                ("module", .string(size.module)),
                ("role", .string(size.role)),
                ("lines", JSONWriter.number(size.lines)),
                ("linesBudget", size.budget.map { JSONWriter.number($0.lines) } ?? .null),
                ("bytes", JSONWriter.number(size.bytes)),
                ("text", JSONWriter.number(size.object.text)),
                ("data", JSONWriter.number(size.object.data)),
                ("bss", JSONWriter.number(size.object.bss)),
                ("bytesBudget", size.budget.map { JSONWriter.number($0.bytes) } ?? .null),
            ]
            if let baseline {
                let old = baseline.modules[size.module]
                pairs.append(("linesChange", old.map { JSONWriter.number(size.lines - $0.lines) } ?? .null))
                pairs.append(("bytesChange", old.map { JSONWriter.number(size.bytes - $0.bytes) } ?? .null))
            }
            return JSONWriter.object(pairs)
        })
    }
}

private extension String {
    func trimmingSuffixSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
