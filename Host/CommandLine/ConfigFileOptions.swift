import Arguments
import FeatureFlags
import Foundation

/// Options kept in the config file (the flags file's `"options"`): each becomes the words of the
/// command line it stands for, put before the real ones, so the command line wins. An option that
/// is unknown, not for this command, or whose value the parser refuses is reported and ignored:
/// a bad line in the file never stops `feed` from starting.
struct ConfigFileOptions {
    /// Options that make no sense in a file (they pick a mode or the file itself).
    static let notInFile: Set<String> = ["--help", "--version", "--headless", "--json", "--flags-file"]

    /// Each valid option of the file and its words.
    private var entries: [(name: String, words: [String])] = []
    /// What was reported and ignored.
    var problems: [String] = []
    /// The file read (for `feed flags`), if any.
    var file: URL?

    /// Reads `file` and checks each option against `feed`'s own (`all`, the screen's): `check`
    /// parses words alone as `feed` would and returns the error they make, if any.
    init(file: URL?, all: CommandSpec, check: ([String]) -> ArgumentError?) {
        self.file = file
        guard let file else { return }
        let prefix = "config file \(file.path)"
        for (name, value) in FlagsFileOptions.read(file, diagnostics: &problems) {
            guard let option = all.options.first(where: { $0.name == name }), !Self.notInFile.contains(name) else {
                problems.append("\(prefix): \(Self.notInFile.contains(name) ? "\(name) cannot be kept in the file" : "unknown option \(name)"); ignored")
                continue
            }
            let words: [String]
            switch (option.value, value) {
            case (nil, .toggle(true)): words = [name]
            case (nil, .toggle(false)): continue
            case (nil, _): problems.append("\(prefix): \(name) is a switch: true or false; ignored"); continue
            case (_, .toggle): problems.append("\(prefix): \(name) takes a value (\(option.value ?? "")), not true or false; ignored"); continue
            case (_, let value): words = [name, value.description]
            }
            if let error = check(words) {
                problems.append("\(prefix): \(error.message.split(separator: ";").first ?? ""); ignored")
                continue
            }
            entries.append((name, words))
        }
    }

    /// The file's words for `command`, ready to parse: the options it takes (`--ascii` is nothing
    /// to `feed logout`).
    func arguments(for command: CommandSpec) -> [String] {
        entries.filter { command.accepts($0.name) }.flatMap(\.words)
    }
}
