import Foundation

/// A saved `size` run (`--write-baseline FILE`), to show each module's growth (`--baseline FILE`).
struct SizeBaseline: Equatable, Sendable {
    /// The saved numbers of one module.
    struct Entry: Equatable, Sendable {
        /// Lines of code.
        let lines: Int
        /// Compiled bytes (text + data).
        let bytes: Int
    }

    /// The saved modules by name.
    let modules: [String: Entry]

    /// The baseline of a run.
    init(_ sizes: [ModuleSize]) {
        modules = Dictionary(uniqueKeysWithValues: sizes.map { ($0.module, Entry(lines: $0.lines, bytes: $0.bytes)) })
    }

    init(modules: [String: Entry]) {
        self.modules = modules
    }

    /// The file's text: stable key order, one module per line.
    func serialized() -> String {
        let lines = modules.keys.sorted().map { name in
            let entry = modules[name]!
            return "    \"\(name)\": { \"lines\": \(entry.lines), \"bytes\": \(entry.bytes) }"
        }
        return "{\n  \"modules\": {\n" + lines.joined(separator: ",\n") + "\n  }\n}\n"
    }

    /// Reads a baseline file.
    static func load(path: String, shownAs file: String) throws(UsageError) -> SizeBaseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("no baseline at \(file); save one with `workspace-check size --write-baseline \(file)`")
        }
        let root: JSONNode
        do {
            root = try JSONNodeParser.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw UsageError("\(file):\(error.line): \(error.message); write it again with --write-baseline")
        }
        var modules: [String: Entry] = [:]
        for member in root["modules"]?.members ?? [] {
            guard let lines = member.value["lines"]?.integer, let bytes = member.value["bytes"]?.integer else {
                throw UsageError("\(file):\(member.value.line): \"\(member.key)\" needs \"lines\" and \"bytes\"; write the baseline again with --write-baseline")
            }
            modules[member.key] = Entry(lines: lines, bytes: bytes)
        }
        return SizeBaseline(modules: modules)
    }
}
