import Arguments

/// The parsed command line of `workspace-check`.
struct CommandOptions: Sendable {
    /// `deps`, `size`, `graph`, `owners`, `shape`, `affected`, `binary` or `launch`.
    var command = ""
    /// The package root (absolute).
    var packagePath = ""
    /// `--config FILE`, if given.
    var configPath: String?
    /// `--format`.
    var format = OutputFormat.text
    /// `size --build-path DIR`.
    var buildPath: String?
    /// `size --baseline FILE`.
    var baseline: String?
    /// `size --write-baseline FILE`.
    var writeBaseline: String?
    /// `size --suggest`.
    var suggest = false
    /// `size` / `binary --factor X` for `--suggest` (default 1.5 for size, 1.25 for binary).
    var factor: Double?
    /// `launch --runs N`.
    var runs: Int?
    /// `graph --dot`.
    var dot = false
    /// `graph --include-tests`.
    var includeTests = false
    /// `graph --check FILE` (a README) or `owners --check FILE` (a CODEOWNERS).
    var check: String?
    /// `graph --write FILE` or `owners --write FILE`.
    var write: String?
    /// `affected --base REV`.
    var base: String?
    /// `--help`.
    var help = false

    static let usage = """
        usage: workspace-check <command> [options]

        commands:
          deps    module roles, undeclared and unused dependencies, re-exports (every violation at once)
          size    lines of code and compiled bytes per module against the budgets
          graph   the module graph as Mermaid (or DOT); --check / --write keep a README's copy current
          owners  every module has an owning team; --check / --write keep .github/CODEOWNERS current
          plugins the follow-ups the features' manifests declare; --check / --write keep the plugin list and flag tables current
          shape   each feature's interface, implementations, testing, tests and demo, with their roles
          affected  the modules a change touches, their dependents, owners and the tests to run
          binary  bytes each module contributes to the shipping binary, and the binary's, against budgets
          launch  the shipping binary's cold start as a ratio to a bare start, against its budget

        options (all commands):
          --package-path DIR   the SwiftPM package to check (default: the current directory)
          --config FILE        the config (default: Tools/workspace.json in the package)
          --format FORMAT      text (default), github (::error annotations) or json
        size:
          --build-path DIR     the release build directory (default: <package>/.build/release)
          --baseline FILE      show each module's change against a saved run
          --write-baseline FILE  save this run as a baseline
          --suggest            print budgets of current × --factor (default 1.5), rounded up
        graph:
          --dot                print Graphviz DOT instead of Mermaid
          --include-tests      include test targets
          --check FILE         fail if FILE's block between the module-graph markers is stale
          --write FILE         rewrite FILE's block between the module-graph markers
        owners:
          --check FILE         fail if FILE (CODEOWNERS) differs from the owners in the config
          --write FILE         write CODEOWNERS to FILE
        plugins:
          --check FILE         fail if FILE (the plugin list, or a flag table between plugins markers) is stale
          --write FILE         write the plugin list (a .swift FILE) or FILE's flag table
        binary:
          --build-path DIR     the release build directory (default: <package>/.build/release)
          --suggest            print "totalBytes" and "modules" of current × --factor (default 1.25)
        launch:
          --build-path DIR     the release build directory (default: <package>/.build/release)
          --runs N             starts of each kind (default: "runs" of "launch" in the config)
        affected:
          --base REV           compare the work tree (untracked files too) with REV; text or json

        exit status: 0 clean, 1 violations, 2 usage or config error
        """

    /// Parses `arguments` (without the program name) with the workspace's one scanner;
    /// relative paths resolve against `currentDirectory`.
    static func parse(_ arguments: [String], currentDirectory: String) throws(UsageError) -> CommandOptions {
        do {
            return try scan(arguments, currentDirectory: currentDirectory)
        } catch {
            throw UsageError(error.message)
        }
    }

    private static func scan(_ arguments: [String], currentDirectory: String) throws(ArgumentError) -> CommandOptions {
        var options = CommandOptions()
        var scanner = ArgumentScanner(arguments, program: "workspace-check")
        func absolute(_ path: String) -> String {
            path.hasPrefix("/") ? path : "\(currentDirectory)/\(path)"
        }
        var packagePath: String?
        while let token = scanner.next() {
            switch token {
            case .help:
                options.help = true
            case .positional(let argument):
                guard options.command.isEmpty else {
                    throw ArgumentError("unexpected argument '\(argument)'; give one command: \(commandList)")
                }
                options.command = argument
            case .option(let option):
                switch option {
                case "--package-path": packagePath = try scanner.value(expected: "a directory")
                case "--config": options.configPath = absolute(try scanner.value(expected: "a JSON file"))
                case "--format":
                    let name = try scanner.value(expected: "text, github or json")
                    guard let format = OutputFormat(rawValue: name) else { throw scanner.invalid(name, expected: "text, github or json") }
                    options.format = format
                case "--build-path": options.buildPath = absolute(try scanner.value(expected: "a directory"))
                case "--baseline": options.baseline = absolute(try scanner.value(expected: "a baseline file"))
                case "--write-baseline": options.writeBaseline = absolute(try scanner.value(expected: "a file to write"))
                case "--suggest":
                    try scanner.noValue()
                    options.suggest = true
                case "--factor":
                    options.factor = try scanner.number(in: Double.leastNonzeroMagnitude...1_000, expected: "a positive number such as 1.5")
                case "--dot":
                    try scanner.noValue()
                    options.dot = true
                case "--mermaid":
                    try scanner.noValue()
                    options.dot = false
                case "--include-tests":
                    try scanner.noValue()
                    options.includeTests = true
                case "--check": options.check = absolute(try scanner.value(expected: "a file to compare"))
                case "--write": options.write = absolute(try scanner.value(expected: "a file to write"))
                case "--runs": options.runs = try scanner.integer(in: 1...101, expected: "a whole number from 1 to 101")
                case "--base": options.base = try scanner.value(expected: "a git revision such as origin/main")
                default: throw scanner.unknownOption()
                }
            }
        }
        if options.help { return options }
        guard commands.contains(options.command) else {
            throw ArgumentError(options.command.isEmpty
                ? "no command given; use one of \(commandList) (--help for options)"
                : "unknown command \"\(options.command)\"; use \(commandList)")
        }
        if options.baseline != nil || options.writeBaseline != nil, options.command != "size" {
            throw ArgumentError("--baseline and --write-baseline belong to `workspace-check size`")
        }
        if options.suggest || options.factor != nil, !["size", "binary"].contains(options.command) {
            throw ArgumentError("--suggest and --factor belong to `workspace-check size` and `workspace-check binary`")
        }
        if options.buildPath != nil, !["size", "binary", "launch"].contains(options.command) {
            throw ArgumentError("--build-path belongs to `workspace-check size`, `binary` and `launch`")
        }
        if options.runs != nil, options.command != "launch" {
            throw ArgumentError("--runs belongs to `workspace-check launch`")
        }
        if options.dot || options.includeTests, options.command != "graph" {
            throw ArgumentError("--dot and --include-tests belong to `workspace-check graph`")
        }
        if options.check != nil || options.write != nil, !["graph", "owners", "plugins"].contains(options.command) {
            throw ArgumentError("--check and --write belong to `workspace-check graph`, `owners` and `plugins`")
        }
        if options.base != nil, options.command != "affected" {
            throw ArgumentError("--base belongs to `workspace-check affected`")
        }
        if options.command == "affected" {
            guard options.base != nil else {
                throw ArgumentError("affected needs --base REV, the git revision to compare the work tree with (e.g. --base origin/main)")
            }
            guard options.format != .github else {
                throw ArgumentError("affected prints text or json, not github annotations; use --format text or --format json")
            }
        }
        if options.check != nil, options.write != nil {
            throw ArgumentError("give either --check FILE or --write FILE, not both")
        }
        options.packagePath = standardized(absolute(packagePath ?? "."))
        return options
    }

    /// The commands, in the order the usage lists them.
    private static let commands = ["deps", "size", "graph", "owners", "plugins", "shape", "affected", "binary", "launch"]

    private static var commandList: String {
        commands.dropLast().joined(separator: ", ") + " or " + commands[commands.count - 1]
    }

    private static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
