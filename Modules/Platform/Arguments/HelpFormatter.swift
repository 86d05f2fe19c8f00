/// The text of `--help`: a summary, the usage lines, the options in two aligned columns whose
/// descriptions wrap, then the sections. A name longer than the column gets its text on the next
/// line; nothing is ever cut.
public enum HelpFormatter {
    /// The help of `command`, called as `program` (e.g. `feed stats`), `width` columns wide.
    public static func help(_ command: CommandSpec, program: String, width: Int = 80) -> String {
        let width = min(max(width, 40), 200)
        var lines = ["\(program) — \(command.summary)", "", "Usage:"]
        lines.append(contentsOf: wrap("\(program) \(command.usage)", width: width - 2, indent: 2, hanging: 4))
        for sub in command.subcommands {
            lines.append(contentsOf: wrap("\(program) \(sub.name) \(sub.usage)", width: width - 2, indent: 2, hanging: 4))
        }
        if !command.subcommands.isEmpty {
            lines += ["", "Commands:"]
            lines += columns(command.subcommands.map { ($0.name, $0.summary) }, width: width)
        }
        if !command.options.isEmpty {
            lines += ["", "Options:"]
            lines += columns(command.options.map { ($0.label, $0.summary) }, width: width)
        }
        for section in command.sections {
            lines += ["", "\(section.title):"] + section.lines
        }
        if !command.subcommands.isEmpty {
            lines += ["", "See `\(program) COMMAND --help` for a command's own options."]
        }
        return lines.joined(separator: "\n")
    }

    /// Two columns: labels padded to the widest one that fits (at most 30), texts wrapped beside them.
    static func columns(_ rows: [(label: String, text: String)], width: Int) -> [String] {
        let column = min(30, (rows.map { $0.label.count }.max() ?? 0) + 4)
        var lines: [String] = []
        for row in rows {
            let text = wrap(row.text, width: width - column, indent: 0, hanging: 0)
            let label = "  " + row.label
            if label.count + 2 > column {
                lines.append(label)
                lines += text.map { String(repeating: " ", count: column) + $0 }
            } else {
                let padded = label + String(repeating: " ", count: column - label.count)
                lines.append(padded + (text.first ?? ""))
                lines += text.dropFirst().map { String(repeating: " ", count: column) + $0 }
            }
        }
        return lines
    }

    /// `text` wrapped at spaces to `width` columns: the first line indented by `indent`, the
    /// others by `hanging` more. A word longer than a line stands alone, whole.
    static func wrap(_ text: String, width: Int, indent: Int, hanging: Int) -> [String] {
        let room = max(10, width - indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let limit = lines.isEmpty ? room : room - hanging
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= limit {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines.enumerated().map { index, text in
            String(repeating: " ", count: indent + (index == 0 ? 0 : hanging)) + text
        }
    }
}
