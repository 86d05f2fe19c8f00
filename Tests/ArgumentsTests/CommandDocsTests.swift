import Arguments
import Foundation
import Testing

/// The help, the completion scripts and the man page, all printed from one `CommandSpec`.
@Suite struct CommandDocsTests {
    static let spec = CommandSpec(
        "tool", summary: "does things.", usage: "[--server URL] [options]",
        options: [
            OptionSpec("--server", value: "URL", "any server; without it the embedded one"),
            OptionSpec("--a-very-long-option-name-indeed", value: "MILLISECONDS", "how long, in a text long enough that it has to wrap over more than one line of the help"),
            OptionSpec("--photos", value: "on|off", "photos or not", completion: .choices(["on", "off"])),
            OptionSpec("--data-dir", value: "DIR", "where the files go", completion: .directory),
            OptionSpec("--version", short: "-V", "print the version"),
        ],
        subcommands: [
            CommandSpec("stats", summary: "the numbers", usage: "[--json]", options: [OptionSpec("--json", "JSON, not a table"), OptionSpec("--file", value: "PATH", "read it", completion: .file)]),
        ],
        sections: [.init("Flags", lines: ["  alpha  the first"])])

    @Test("help names every option whole, aligns the texts in one column and wraps them within the width")
    func helpNeverCutsANameAndWraps() {
        let help = HelpFormatter.help(Self.spec, program: "tool", width: 60)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for option in Self.spec.options {
            #expect(lines.contains { $0.hasPrefix("  \(option.label)") }, "\(option.label) whole at a line's start:\n\(help)")
        }
        #expect(lines.allSatisfy { $0.count <= 60 || !$0.contains("  ") || $0.hasPrefix("  tool") }, "wrapped within 60 columns:\n\(help)")
        // The long name stands alone; its text starts on the next line, in the column of the others.
        let long = lines.firstIndex { $0.hasPrefix("  --a-very-long-option-name-indeed MILLISECONDS") }!
        #expect(lines[long] == "  --a-very-long-option-name-indeed MILLISECONDS")
        let column = lines[long + 1].prefix { $0 == " " }.count
        let server = lines.first { $0.hasPrefix("  --server URL") }!
        #expect(server.dropFirst(column).first != " " && server.prefix(column).hasSuffix(" "), "same column: \(column)\n\(help)")
        #expect(lines.contains("  -V, --version" + String(repeating: " ", count: column - 15) + "print the version"))
        #expect(help.contains("Commands:") && help.contains("  stats") && help.contains("Flags:\n  alpha  the first"))
        #expect(help.contains("See `tool COMMAND --help`"))
    }

    @Test("the bash script is valid bash and completes options, choices, and each subcommand's own options")
    func bashScriptRuns() throws {
        let script = CompletionScript.script(Self.spec, shell: .bash)
        #expect(try bash(script + "\n", ["-n"]).status == 0, "bash -n accepts it")
        func complete(_ words: [String]) throws -> [String] {
            let line = words.map { "'\($0)'" }.joined(separator: " ")
            let run = script + "\nCOMP_WORDS=(\(line)); COMP_CWORD=\(words.count - 1); _tool_complete; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
            return try bash(run, []).output.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try complete(["tool", "--ph"]) == ["--photos"])
        #expect(try complete(["tool", "--photos", "o"]) == ["off", "on"])
        #expect(try complete(["tool", "st"]) == ["stats"])
        #expect(try complete(["tool", "stats", "--"]) == ["--file", "--json"])
        #expect(try complete(["tool", "--server", ""]).isEmpty, "a URL: nothing to offer")
    }

    @Test("zsh and fish scripts describe every subcommand and option, with choices and paths")
    func zshAndFishScripts() {
        let zsh = CompletionScript.script(Self.spec, shell: .zsh)
        #expect(zsh.hasPrefix("#compdef tool\n"))
        #expect(zsh.contains("'stats:the numbers'"))
        #expect(zsh.contains("'--photos[photos or not]:on|off:(on off)'"))
        #expect(zsh.contains("'--data-dir[where the files go]:dir:_files -/'"))
        #expect(zsh.contains("'--json[JSON, not a table]'"))
        let fish = CompletionScript.script(Self.spec, shell: .fish)
        #expect(fish.contains("complete -c tool -n '__fish_use_subcommand' -a stats -d 'the numbers'"))
        #expect(fish.contains("complete -c tool -n '__fish_use_subcommand' -l photos -x -a 'on off' -d 'photos or not'"))
        #expect(fish.contains("complete -c tool -n '__fish_seen_subcommand_from stats' -l file -r -F -d 'read it'"))
        #expect(fish.contains("-l version -s V"))
    }

    @Test("the man page is roff that groff reads without a warning, with every option and command")
    func manPageIsCleanRoff() throws {
        var spec = Self.spec
        spec.summary = "an infinite feed — with “quotes”, a \\ backslash and …"
        spec.options.append(OptionSpec("--ascii", "hearts [<3] [\u{00A0}\u{00A0}]\n.TH not a request"))
        let page = ManPage.render(spec, version: "tool 1.0")
        #expect(page.hasPrefix(".TH TOOL 1 \"\" \"tool 1.0\" \"User Commands\"\n"))
        #expect(page.contains("\\fB\\-V\\fR, \\fB\\-\\-version\\fR"))
        #expect(page.contains(".SS \"tool stats\""))
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix(".TH not") }, "text never becomes a request")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let groff = try run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z"], input: page)
        #expect(groff.status == 0 && groff.errors.isEmpty, "\(groff.errors)")
    }

    private func bash(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try run("/bin/bash", arguments + ["-s"], input: script)
        return (result.status, result.output)
    }

    private func run(_ path: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
