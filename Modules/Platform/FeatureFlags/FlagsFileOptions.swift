import Foundation
import PrivateFiles

/// The `options` of the flags file (the config file): values of command-line options by name, with
/// or without the dashes, e.g. `{"flags":{"offline-pages":true},"options":{"server":"http://…",
/// "ascii":true,"--fresh-for":60000}}`. Read safely (a regular file, never through a link, bounded);
/// what each name means is the program's business.
public enum FlagsFileOptions {
    /// One option's value in the file.
    public enum Value: Equatable, Sendable, CustomStringConvertible {
        /// A string: `"http://127.0.0.1:8080"`.
        case text(String)
        /// A whole number: `60000`.
        case integer(Int)
        /// `true` or `false` (a switch).
        case toggle(Bool)

        public var description: String {
            switch self {
            case .text(let text): text
            case .integer(let number): String(number)
            case .toggle(let on): on ? "true" : "false"
            }
        }
    }

    /// At most this many options are read from one file.
    public static let limit = 256

    /// The options `file` gives, by name with dashes, sorted by name; a missing or unreadable file
    /// gives none. A value that is no string, whole number or boolean is reported and skipped.
    public static func read(_ file: URL?, diagnostics: inout [String]) -> [(name: String, value: Value)] {
        guard let file, case .success(let data) = PrivateFile.contents(of: file.path, limit: ConfigFileReader.sizeLimit),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let options = object["options"] as? [String: Any]
        else { return [] }
        let prefix = "config file \(file.path)"
        var values: [(name: String, value: Value)] = []
        for (key, value) in options.sorted(by: { $0.key < $1.key }).prefix(limit) {
            let name = key.hasPrefix("--") ? key : "--" + key
            // A JSON true or false is a number to Foundation too (a char): told apart by its type.
            if let number = value as? NSNumber, String(cString: number.objCType) == "c" {
                values.append((name, .toggle(number.boolValue)))
            } else if let text = value as? String {
                values.append((name, .text(text)))
            } else if let integer = (value as? Int) ?? (value as? Double).flatMap({ Int(exactly: $0) }) {
                values.append((name, .integer(integer)))
            } else {
                diagnostics.append("\(prefix): \(FlagMessages.quoted(key)) must be a string, a whole number, true or false; ignored")
            }
        }
        return values
    }
}
