/// Shell completion scripts for a command and its subcommands, from its `CommandSpec`:
/// `feed completion bash|zsh|fish` prints one to source or install.
public enum CompletionScript {
    /// The shells a script can be written for.
    public enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }

    /// The script for `shell` completing `command` (its name is the program's).
    public static func script(_ command: CommandSpec, shell: Shell) -> String {
        switch shell {
        case .bash: bash(command)
        case .zsh: zsh(command)
        case .fish: fish(command)
        }
    }

    private static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    // MARK: bash

    private static func bash(_ command: CommandSpec) -> String {
        let function = "_\(identifier(command.name))_complete"
        var lines = [
            "# bash completion for \(command.name); source it, or save it as",
            "# ~/.local/share/bash-completion/completions/\(command.name)",
            "\(function)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" sub=\"\" word",
            "    for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do",
            "        case \"$word\" in",
            "            \(command.subcommands.map(\.name).joined(separator: "|"))) sub=\"$word\"; break ;;",
            "        esac",
            "    done",
            "    case \"$prev\" in",
        ]
        var seen: Set<String> = []
        for option in command.options + command.subcommands.flatMap(\.options) where option.value != nil && seen.insert(option.name).inserted {
            switch option.completion {
            case .choices(let words):
                lines.append("        \(option.name)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;")
            case .file:
                lines.append("        \(option.name)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            case .directory:
                lines.append("        \(option.name)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;")
            case .none:
                lines.append("        \(option.name)) return ;;")
            }
        }
        lines += ["    esac", "    case \"$sub\" in"]
        for sub in command.subcommands {
            lines.append("        \(sub.name)) COMPREPLY=($(compgen -W \"\(words(sub.options))\" -- \"$cur\")) ;;")
        }
        lines += [
            "        *) if [[ \"$cur\" == -* ]]; then",
            "               COMPREPLY=($(compgen -W \"\(words(command.options))\" -- \"$cur\"))",
            "           else",
            "               COMPREPLY=($(compgen -W \"\(command.subcommands.map(\.name).joined(separator: " "))\" -- \"$cur\"))",
            "           fi ;;",
            "    esac",
            "}",
            "complete -F \(function) \(command.name)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func words(_ options: [OptionSpec]) -> String {
        options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }.joined(separator: " ")
    }

    // MARK: zsh

    private static func zsh(_ command: CommandSpec) -> String {
        let function = "_\(identifier(command.name))"
        var lines = [
            "#compdef \(command.name)",
            "# zsh completion for \(command.name); save it as _\(command.name) in a folder of $fpath",
            "\(function)() {",
            "    local -a commands",
            "    commands=(",
        ]
        lines += command.subcommands.map { "        \(zshQuoted("\($0.name):\($0.summary)"))" }
        lines += [
            "    )",
            "    if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then",
            "        _describe 'command' commands",
            "        return",
            "    fi",
            "    case $words[2] in",
        ]
        for sub in command.subcommands {
            lines.append("        \(sub.name))")
            lines.append("            _arguments \\")
            lines += sub.options.map { "                \(zshSpec($0)) \\" }
            lines.append("                '*: :' ;;")
        }
        lines.append("        *)")
        lines.append("            _arguments \\")
        lines += command.options.map { "                \(zshSpec($0)) \\" }
        lines += ["                '*: :' ;;", "    esac", "}", "\(function) \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshSpec(_ option: OptionSpec) -> String {
        let description = String(option.summary.prefix { $0 != "." && $0 != ";" })
            .replacing("[", with: "(").replacing("]", with: ")").replacing(":", with: " ")
        var spec = "\(option.name)[\(description)]"
        if let value = option.value {
            let name = value.lowercased().replacing(":", with: " ")
            switch option.completion {
            case .choices(let words): spec += ":\(name):(\(words.joined(separator: " ")))"
            case .file: spec += ":\(name):_files"
            case .directory: spec += ":\(name):_files -/"
            case .none: spec += ":\(name): "
            }
        }
        return zshQuoted(spec)
    }

    private static func zshQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    // MARK: fish

    private static func fish(_ command: CommandSpec) -> String {
        let name = command.name
        var lines = [
            "# fish completion for \(name); save it as ~/.config/fish/completions/\(name).fish",
            "complete -c \(name) -f",
        ]
        for sub in command.subcommands {
            lines.append("complete -c \(name) -n '__fish_use_subcommand' -a \(sub.name) -d \(fishQuoted(sub.summary))")
        }
        for option in command.options {
            lines.append(fishLine(name, option, condition: "__fish_use_subcommand"))
        }
        for sub in command.subcommands {
            for option in sub.options {
                lines.append(fishLine(name, option, condition: "__fish_seen_subcommand_from \(sub.name)"))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishLine(_ program: String, _ option: OptionSpec, condition: String) -> String {
        var line = "complete -c \(program) -n '\(condition)' -l \(option.name.drop { $0 == "-" })"
        if let short = option.short, short.count == 2 { line += " -s \(short.dropFirst())" }
        if option.value != nil {
            switch option.completion {
            case .choices(let words): line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
            case .file: line += " -r -F"
            case .directory: line += " -x -a '(__fish_complete_directories)'"
            case .none: line += " -x"
            }
        }
        let description = String(option.summary.prefix { $0 != "." && $0 != ";" })
        return line + " -d \(fishQuoted(description))"
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
