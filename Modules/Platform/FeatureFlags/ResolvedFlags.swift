import Foundation

/// Every declared flag's value and where it came from, plus the problems met while resolving.
public struct ResolvedFlags: Sendable {
    struct Entry: Sendable {
        let definition: FlagDefinition
        let isOn: Bool
        let source: FlagSource
    }

    private let entries: [Entry]
    private let index: [FlagKey: Int]
    /// One line per ignored input (unknown key, unreachable server, malformed file); print to stderr.
    public let diagnostics: [String]

    init(entries: [Entry], diagnostics: [String]) {
        self.entries = entries
        self.index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.definition.key, $0) })
        self.diagnostics = diagnostics
    }

    /// Whether `key` is on; a key that is not declared is off.
    public func isOn(_ key: FlagKey) -> Bool {
        index[key].map { entries[$0].isOn } ?? false
    }

    /// The source that decided `key`; `.defaultValue` for a key that is not declared.
    public func source(of key: FlagKey) -> FlagSource {
        index[key].map { entries[$0].source } ?? .defaultValue
    }

    /// The text `feed flags` prints: a header, then one row per flag sorted by key with
    /// value, source, owner, kind, whether it is built, and description.
    public func table() -> String {
        let header = ["KEY", "VALUE", "SOURCE", "OWNER", "KIND", "BUILT", "DESCRIPTION"]
        let rows = entries.map { entry in
            [
                entry.definition.key.rawValue, entry.isOn ? "on" : "off", entry.source.rawValue,
                entry.definition.owner, entry.definition.kind.rawValue,
                entry.definition.isBuilt ? "yes" : "no", entry.definition.description,
            ]
        }
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                column == row.count - 1
                    ? row[column]
                    : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// The same facts as one line of JSON:
    /// `{"diagnostics":[…],"flags":[{"built":false,"description":…,"key":…,"kind":…,"owner":…,"source":…,"value":false}]}`.
    public func json() -> String {
        struct Row: Encodable {
            let key: String, value: Bool, source: String, owner: String, kind: String
            let built: Bool, description: String
        }
        struct Document: Encodable {
            let flags: [Row]
            let diagnostics: [String]
        }
        let document = Document(
            flags: entries.map { entry in
                Row(
                    key: entry.definition.key.rawValue, value: entry.isOn, source: entry.source.rawValue,
                    owner: entry.definition.owner, kind: entry.definition.kind.rawValue,
                    built: entry.definition.isBuilt, description: entry.definition.description)
            },
            diagnostics: diagnostics)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, Booleans and arrays of them always encode.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
