import Foundation
import Testing
import TestingSupport

/// The README is the front door and docs/ holds the depth: every link and image they show points at
/// something that exists, and every `feed` command they show names a subcommand and options that the
/// feed's command line accepts (read from its sources, not from a list of this test's own).
@Suite("the README's links and commands resolve", .heavy)
struct ReadmeLinksTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, every page under docs/, and the workspace-check reference that links into docs/.
    private static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md"] + docs + ["Tools/WorkspaceCheck/README.md"]
    }

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("every relative link and image in README.md and docs/*.md exists, and every #anchor names a heading")
    func linksResolve() throws {
        let documents = try Self.documents()
        #expect(documents.count >= 9, "README.md, the docs pages and the workspace-check reference: \(documents)")
        var links = 0
        for path in documents {
            let text = try Self.read(path)
            links += MarkdownText.links(in: text).count
            let problems = LinkChecker.problems(in: text, at: path, root: Self.root)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
        #expect(links >= 40, "so few links (\(links)) means the link reader is broken")
    }

    @Test("the link checker reports a missing file and an anchor with no heading, and accepts good ones")
    func linkCheckerFindsBrokenLinks() {
        let page = """
            # A page

            See [the quick start](../README.md#quick-start), [this page's top](#a-page), ![a screenshot](feed-screen.png),
            [the API](api.md#the-reference-server) and [a site](https://example.com/x.md#nothing).
            A [missing page](no-such-page.md), a [missing heading](../README.md#no-such-heading),
            [a missing local heading](#nowhere) and `[code](is-not-a-link.md)`.

            ```sh
            echo "[inside a fence](is-not-a-link.md)"
            ```
            """
        let problems = LinkChecker.problems(in: page, at: "docs/example.md", root: Self.root)
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("docs/example.md:5:") && $0.contains("no-such-page.md") })
        #expect(problems.contains { $0.hasPrefix("docs/example.md:5:") && $0.contains("#no-such-heading") })
        #expect(problems.contains { $0.hasPrefix("docs/example.md:6:") && $0.contains("#nowhere") })
    }

    @Test("headings get GitHub's anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered")
    func slugs() {
        let text = """
            # Telemetry (`--telemetry local|on|off`, `feed stats`)
            ## Likes that wait (`--enable persistent-like-queue`)
            ### The API, the reference server
            ```sh
            # not a heading
            ```
            ## Notes
            ## Notes
            """
        #expect(MarkdownText.anchors(in: text) == [
            "telemetry---telemetry-localonoff-feed-stats", "likes-that-wait---enable-persistent-like-queue",
            "the-api-the-reference-server", "notes", "notes-1",
        ])
    }

    @Test("every feed command the README and docs/ show names a subcommand and options feed accepts")
    func commandsResolve() throws {
        let cli = try FeedCommandLine.fromSources(root: Self.root)
        var commands = 0
        for path in try Self.documents() {
            let text = try Self.read(path)
            commands += FeedCommandChecker.commands(in: text).count
            let problems = FeedCommandChecker.problems(in: text, at: path, cli: cli)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
        let readme = FeedCommandChecker.commands(in: try Self.read("README.md"))
        #expect(readme.count >= 10, "the README's sh blocks show at least the quick start and the usage lines: \(readme)")
        #expect(commands > readme.count, "docs/ shows feed commands too")
    }

    @Test("the feed's options are read from the built feed's own table: subcommands, options per subcommand, follow-ups', the server's")
    func commandLineFromSources() throws {
        let cli = try FeedCommandLine.fromSources(root: Self.root)
        #expect(cli.serve == "serve")
        #expect(Set(cli.subcommands.keys).isSuperset(of: ["flags", "logout", "queue", "stats"]))
        #expect(cli.helpWords.isSuperset(of: ["-h", "--help", "help"]))
        for option in ["--server", "--enable", "--disable", "--request-timeout", "--image-memory", "--telemetry", "--version"] {
            #expect(cli.topLevel.contains(option), "feed accepts \(option)")
        }
        for option in ["--poll-interval", "--live-idle-timeout", "--live-backoff", "--fresh-for", "--restore-for", "--hide-after"] {
            #expect(cli.topLevel.contains(option), "a follow-up's option: \(option)")
        }
        #expect(cli.topLevel.contains("--headless") && !cli.topLevel.contains("--json"))
        #expect(cli.subcommands["stats"]?.contains("--json") == true && cli.subcommands["queue"]?.contains("--json") == false)
        #expect(cli.subcommands["flags"]?.contains("--headless") == false)
        #expect(cli.serveOptions.isSuperset(of: ["--port", "--latency", "--new-posts-every", "--control", "--log", "--flag"]))
        #expect(!cli.serveOptions.contains("--server"))
    }

    @Test("the command checker reports an option, a subcommand or a subcommand's option that does not exist")
    func commandCheckerFindsBogusOptions() throws {
        let cli = try FeedCommandLine.fromSources(root: Self.root)
        let good = """
            ```sh
            swift run feed --server http://127.0.0.1:8080 --enable offline-pages --fresh-for=0   # a comment --no-such
            NO_COLOR=1 swift run feed --ascii
            printf 'open\\nquit\\n' | swift run feed --headless \\
                --poll-interval 2000 && swift run feed stats --json
            swift run -c release feed serve --port 8080 --latency 300 &
            feed help
            swift run feed-demo --fakes
            ```
            """
        #expect(FeedCommandChecker.commands(in: good).count == 6)
        #expect(FeedCommandChecker.problems(in: good, at: "README.md", cli: cli).isEmpty)

        let bad = """
            Text: swift run feed --not-in-a-block is prose, not a command.

            ```sh
            swift run feed --no-such-flag
            swift run feed queue --json
            swift run feed --server http://127.0.0.1:8080 \\
                --enable live-updates --no-such-either=3
            feed bogus-subcommand
            swift run feed serve --server http://127.0.0.1:8080
            ```
            """
        let problems = FeedCommandChecker.problems(in: bad, at: "README.md", cli: cli)
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("README.md:4:") && $0.contains("--no-such-flag") })
        #expect(problems.contains { $0.hasPrefix("README.md:5:") && $0.contains("--json") && $0.contains("feed queue") })
        #expect(problems.contains { $0.hasPrefix("README.md:6:") && $0.contains("--no-such-either") })
        #expect(problems.contains { $0.hasPrefix("README.md:8:") && $0.contains("bogus-subcommand") })
        #expect(problems.contains { $0.hasPrefix("README.md:9:") && $0.contains("--server") && $0.contains("feed serve") })
    }
}

/// Reads Markdown the way GitHub renders it, as far as links and headings go.
enum MarkdownText {
    /// Each line with whether it is inside a fenced code block (the fence lines count as inside).
    static func lines(_ text: String) -> [(number: Int, text: String, fenced: Bool)] {
        var fenced = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            let isFence = line.trimmingCharacters(in: .whitespaces).hasPrefix("```")
            if isFence { fenced.toggle() }
            return (number: index + 1, text: String(line), fenced: fenced || isFence)
        }
    }

    /// The line with its inline code spans taken out (a link inside backticks is text).
    static func withoutCode(_ line: String) -> String {
        line.replacing(/`[^`]*`/, with: "")
    }

    /// Every link and image target outside code: `[text](target)`, `![alt](target "title")`.
    static func links(in text: String) -> [(line: Int, target: String)] {
        lines(text).filter { !$0.fenced }.flatMap { line in
            withoutCode(line.text).matches(of: /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/).map { (line: line.number, target: String($0.output.1)) }
        }
    }

    /// The anchors GitHub gives the headings: lower case, anything but letters, digits, `_`, `-` and
    /// spaces dropped, spaces to hyphens; a repeated anchor gets `-1`, `-2`, ….
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        return lines(text).filter { !$0.fenced }.compactMap { line -> String? in
            guard let heading = line.text.firstMatch(of: /^#{1,6}\s+(.*?)\s*#*\s*$/) else { return nil }
            let visible = String(heading.output.1).replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.output.1) }
            let slug = String(
                visible.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    return character.isLetter || character.isNumber || character == "_" || character == "-" ? character : nil
                })
            defer { seen[slug, default: 0] += 1 }
            return seen[slug].map { "\(slug)-\($0)" } ?? slug
        }
    }
}

/// Relative links and images that point at nothing, and anchors that name no heading.
enum LinkChecker {
    static func problems(in text: String, at path: String, root: URL) -> [String] {
        let directory = root.appendingPathComponent(path).deletingLastPathComponent()
        return MarkdownText.links(in: text).compactMap { link in
            let target = link.target
            if target.firstMatch(of: /^[A-Za-z][A-Za-z0-9+.-]*:/) != nil { return nil }  // https:, mailto:
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].removingPercentEncoding ?? parts[0]
            let anchor = parts.count > 1 ? parts[1] : nil
            let resolved = file.isEmpty ? root.appendingPathComponent(path) : directory.appendingPathComponent(file)
            guard file.isEmpty || FileManager.default.fileExists(atPath: resolved.standardizedFileURL.path) else {
                return "\(path):\(link.line): \(target) points at \(file), which does not exist"
            }
            guard let anchor, resolved.pathExtension == "md" else { return nil }
            let anchors = file.isEmpty ? MarkdownText.anchors(in: text)
                : MarkdownText.anchors(in: (try? String(contentsOf: resolved, encoding: .utf8)) ?? "")
            return anchors.contains(anchor) ? nil : "\(path):\(link.line): \(target): no heading of \(file.isEmpty ? path : file) has the anchor #\(anchor)"
        }
    }
}

/// What `feed` accepts, read from the built `feed` (`feed completion bash`, printed from its option table).
struct FeedCommandLine {
    /// The subcommand that hands the rest to the reference server's own parser.
    var serve: String
    /// The options of `feed` itself (the screen and `--headless`).
    var topLevel: Set<String>
    /// The subcommands that read the feed's options, each with the options it accepts.
    var subcommands: [String: Set<String>]
    /// The options of `feed serve`.
    var serveOptions: Set<String>
    /// Words that ask for help anywhere.
    var helpWords: Set<String>

    struct SourceError: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the option table from the built `feed` itself: its bash completion lists every
    /// subcommand with the options it accepts, printed from the table the parser checks against.
    static func fromSources(root: URL) throws -> FeedCommandLine {
        let beside = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("feed")
        let executable = FileManager.default.isExecutableFile(atPath: beside.path) ? beside : root.appendingPathComponent(".build/debug/feed")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["completion", "bash"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw SourceError(description: "could not run \(executable.path) (build it first): \(error)") }
        let script = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        func words(_ line: Substring) -> Set<String> {
            guard let list = line.firstMatch(of: /compgen -W "([^"]*)"/)?.output.1 else { return [] }
            return Set(list.split(separator: " ").map(String.init))
        }
        let lines = script.split(separator: "\n")
        guard let namesLine = lines.first(where: { $0.contains("sub=\"$word\"; break") }),
              let names = namesLine.firstMatch(of: /([a-z|]+)\) sub=/)?.output.1.split(separator: "|").map(String.init),
              let topIndex = lines.firstIndex(where: { $0.contains("*) if [[ \"$cur\" == -* ]]; then") })
        else { throw SourceError(description: "`feed completion bash` lists no subcommands or options; has its format changed?") }
        var subcommands: [String: Set<String>] = [:]
        for name in names {
            let line = lines.first { $0.hasPrefix("        \(name)) COMPREPLY=($(compgen -W") }
            subcommands[name] = line.map(words) ?? []
        }
        let topLevel = words(lines[topIndex + 1])
        let serveOptions = subcommands.removeValue(forKey: "serve") ?? []
        let scanner = try String(contentsOf: root.appendingPathComponent("Modules/Platform/Arguments/ArgumentScanner.swift"), encoding: .utf8)
        guard let helpLine = scanner.split(separator: "\n").first(where: { $0.contains("return .help") }) else {
            throw SourceError(description: "ArgumentScanner.swift: no line that returns .help")
        }
        let helpWords = Set(helpLine.matches(of: /"([^"]+)"/).map { String($0.output.1) })
        guard !topLevel.isEmpty, !subcommands.isEmpty, !serveOptions.isEmpty, !helpWords.isEmpty else {
            throw SourceError(description: "read no options from `feed completion bash`; has its format changed?")
        }
        return FeedCommandLine(serve: "serve", topLevel: topLevel, subcommands: subcommands, serveOptions: serveOptions, helpWords: helpWords)
    }
}

/// The `feed` commands of a Markdown text's sh blocks, and the words in them `feed` would refuse.
enum FeedCommandChecker {
    /// Each command line (`\` continuations joined) of the ```sh and ```bash blocks that runs `feed`,
    /// split into its pipeline's parts: `swift run feed …`, `feed …`, `.build/release/feed …`.
    static func commands(in text: String) -> [(line: Int, arguments: [String])] {
        var commands: [(line: Int, arguments: [String])] = []
        var inShell = false
        var pending: (line: Int, text: String)?
        for line in MarkdownText.lines(text) {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inShell = !inShell && (trimmed == "```sh" || trimmed == "```bash")
                pending = nil
                continue
            }
            guard inShell else { continue }
            var joined = (pending?.text ?? "") + line.text
            let start = pending?.line ?? line.number
            if joined.hasSuffix("\\") {
                joined.removeLast()
                pending = (start, joined + " ")
                continue
            }
            pending = nil
            for part in pipelineParts(words(joined)) {
                if let arguments = feedArguments(part) { commands.append((line: start, arguments: arguments)) }
            }
        }
        return commands
    }

    static func problems(in text: String, at path: String, cli: FeedCommandLine) -> [String] {
        commands(in: text).compactMap { command in
            problem(command.arguments, cli: cli).map { "\(path):\(command.line): `feed \(command.arguments.joined(separator: " "))`: \($0)" }
        }
    }

    /// Why `feed` would refuse these arguments, or nil.
    static func problem(_ arguments: [String], cli: FeedCommandLine) -> String? {
        guard let first = arguments.first else { return nil }
        if cli.helpWords.contains(first) { return nil }
        var program = "feed"
        var accepted = cli.topLevel
        var rest = arguments[...]
        if !first.hasPrefix("-") {
            if first == cli.serve {
                accepted = cli.serveOptions
            } else if let options = cli.subcommands[first] {
                accepted = options
            } else {
                let known = ([cli.serve] + cli.subcommands.keys).sorted().joined(separator: ", ")
                return "\(first) is not a subcommand of feed (\(known))"
            }
            program = "feed \(first)"
            rest = rest.dropFirst()
        }
        for word in rest where word.hasPrefix("-") && word.count > 1 {
            if word == "--" { break }
            let name = String(word.prefix { $0 != "=" })
            if !accepted.contains(name) && !cli.helpWords.contains(name) { return "\(name) is not an option of \(program)" }
        }
        return nil
    }

    /// Shell words: quotes and backslashes as sh reads them, a `#` starting a word begins a comment.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open { quote = nil } else if character == "\\" && open == "\"" { escaped = true } else { word.append(character) }
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if character == "#" && !inWord {
                break
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    private static func pipelineParts(_ words: [String]) -> [ArraySlice<String>] {
        words.split(whereSeparator: { ["|", "||", "&&", ";", "&"].contains($0) })
    }

    /// The arguments after `feed` when this part runs it, else nil. Leading `NAME=value` settings and
    /// `swift run`'s own options (`-c release`) are skipped.
    private static func feedArguments(_ part: ArraySlice<String>) -> [String]? {
        var words = part.drop { $0.firstMatch(of: /^[A-Za-z_][A-Za-z0-9_]*=/) != nil }
        guard let program = words.first else { return nil }
        if program == "feed" || program.hasSuffix("/feed") { return Array(words.dropFirst()) }
        guard program == "swift", words.dropFirst().first == "run" else { return nil }
        words = words.dropFirst(2)
        while let option = words.first, option.hasPrefix("-") {
            words = words.dropFirst(option == "-c" || option == "--configuration" ? 2 : 1)
        }
        return words.first == "feed" ? Array(words.dropFirst()) : nil
    }
}
