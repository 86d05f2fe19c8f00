import Foundation

extension ResolvedFlags {
    /// The text `feed flags` prints: a header, then one row per flag sorted by key with value,
    /// source (with the age of cached remote values), owner, kind (`release` or `kill-switch`),
    /// whether it is built, and description.
    public func table() -> String {
        let header = ["KEY", "VALUE", "SOURCE", "OWNER", "KIND", "BUILT", "DESCRIPTION"]
        let rows = entries.map { entry in
            [
                entry.definition.key.rawValue, entry.isOn ? "on" : "off", describeSource(entry),
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

    /// The same facts as one line of JSON: `{"diagnostics":[…],"flags":[{"built":false,
    /// "description":…,"key":…,"killSwitch":false,"kind":…,"owner":…,"source":"remote",
    /// "sourceDetail":"remote (cached 5 minutes ago)","value":false}],"remote":{"ageSeconds":300,
    /// "fetchedAt":"2025-01-01T12:00:00Z"}}`; `remote` is left out when no remote values were used.
    public func json() -> String {
        struct Row: Encodable {
            let key: String, value: Bool, source: String, sourceDetail: String, owner: String, kind: String
            let killSwitch: Bool, built: Bool, description: String
        }
        struct Remote: Encodable {
            let fetchedAt: String
            let ageSeconds: Int
        }
        struct Document: Encodable {
            let flags: [Row]
            let diagnostics: [String]
            let remote: Remote?
        }
        let remote = remoteSnapshot.map { snapshot in
            let age = resolvedAt.timeIntervalSince(snapshot.fetchedAt)
            return Remote(
                fetchedAt: ISO8601DateFormatter().string(from: snapshot.fetchedAt),
                ageSeconds: age.isFinite ? Int(max(0, min(age, 1e12))) : 0)
        }
        let document = Document(
            flags: entries.map { entry in
                Row(
                    key: entry.definition.key.rawValue, value: entry.isOn, source: entry.source.rawValue,
                    sourceDetail: describeSource(entry), owner: entry.definition.owner,
                    kind: entry.definition.kind.rawValue, killSwitch: entry.definition.kind == .killSwitch,
                    built: entry.definition.isBuilt, description: entry.definition.description)
            },
            diagnostics: diagnostics, remote: remote)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers, Booleans and arrays of them always encode.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
