/// The man page of a command (roff, section 1), from its `CommandSpec`: `feed man | man -l -`.
public enum ManPage {
    /// The page of `command`, whose version line is `version` (e.g. `feed 0.1.0`).
    public static func render(_ command: CommandSpec, version: String) -> String {
        let name = command.name
        var lines = [
            ".TH \(escape(name.uppercased())) 1 \"\" \(quoted(version)) \"User Commands\"",
            ".SH NAME",
            "\(escape(name)) \\- \(escape(command.summary))",
            ".SH SYNOPSIS",
            ".B \(escape(name))",
            escape(command.usage),
        ]
        for sub in command.subcommands {
            lines += [".br", ".B \(escape("\(name) \(sub.name)"))", escape(sub.usage)]
        }
        if !command.options.isEmpty {
            lines.append(".SH OPTIONS")
            lines += options(command.options)
        }
        if !command.subcommands.isEmpty {
            lines.append(".SH COMMANDS")
            for sub in command.subcommands {
                lines += [".SS \(quoted("\(name) \(sub.name)"))", escape(sub.summary)]
                lines += options(sub.options)
            }
        }
        for section in command.sections {
            lines += [".SH \(quoted(section.title.uppercased()))", ".nf"]
            lines += section.lines.map { escape($0.trimmingLeadingSpaces) }
            lines.append(".fi")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func options(_ options: [OptionSpec]) -> [String] {
        options.flatMap { option -> [String] in
            let names = ([option.short].compactMap { $0 } + [option.name]).map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
            let value = option.value.map { " \\fI\(escape($0))\\fR" } ?? ""
            return [".TP", names + value, escape(option.summary)]
        }
    }

    /// Text safe in roff: backslashes doubled, dashes literal, no line read as a request.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case " "..."~": escaped.unicodeScalars.append(scalar)
            case "\u{A0}": escaped += "\\ "
            default:
                // Anything else by its code point (groff's \[uXXXX]); control characters dropped.
                if scalar.value >= 0xA0 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\[u\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)]"
                }
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    private static func quoted(_ text: String) -> String {
        "\"" + escape(text).replacing("\"", with: "\\(dq") + "\""
    }
}

extension String {
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
