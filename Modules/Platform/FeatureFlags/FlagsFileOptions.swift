import Foundation

/// The `options` of the flags file: integer values of command-line options, e.g.
/// `{"flags":{"offline-pages":true},"options":{"--fresh-for":60000}}` (the dashes may be left out).
/// The command line wins over the file; an unknown name or a value out of range is reported and ignored.
public enum FlagsFileOptions {
    /// An option the file may set: its name with dashes and the values it accepts.
    public typealias Declared = (name: String, range: ClosedRange<Int>)

    /// The values `file` gives for `declared` options, by name with dashes; a missing file gives none.
    public static func read(_ file: URL?, declared: [Declared], diagnostics: inout [String]) -> [String: Int] {
        guard let file, case .success(let data) = PrivateFile.contents(of: file.path, limit: ConfigFileReader.sizeLimit),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let options = object["options"] as? [String: Any]
        else { return [:] }
        let prefix = "config file \(file.path)"
        var values: [String: Int] = [:]
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            let name = key.hasPrefix("--") ? key : "--" + key
            guard let option = declared.first(where: { $0.name == name }) else {
                diagnostics.append("\(prefix): unknown option \(FlagMessages.quoted(key)) ignored; known: \(declared.map(\.name).joined(separator: ", "))")
                continue
            }
            // A JSON true or false is a number to Foundation too (a char): it is no value of an option.
            guard type(of: value) != Bool.self, (value as? NSNumber).map({ String(cString: $0.objCType) != "c" }) ?? true, let integer = (value as? Int) ?? (value as? Double).flatMap({ Int(exactly: $0) }),
                option.range.contains(integer)
            else {
                diagnostics.append("\(prefix): \(name) must be an integer from \(option.range.lowerBound) to \(option.range.upperBound); ignored")
                continue
            }
            values[name] = integer
        }
        return values
    }
}
