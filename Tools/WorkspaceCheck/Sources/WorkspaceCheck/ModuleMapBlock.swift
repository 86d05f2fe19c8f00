/// The module map a document may embed between `<!-- module-map:begin -->` and
/// `<!-- module-map:end -->`: each role folder (the host's aside) with the targets in it, from
/// Package.swift, so a new module shows there when `graph --write` runs.
struct ModuleMapBlock {
    /// The line that opens the block.
    static let beginMarker = "<!-- module-map:begin -->"
    /// The line that closes the block.
    static let endMarker = "<!-- module-map:end -->"

    /// The block's lines: a code block of one line per role folder, in the roles' order.
    static func body(_ workspace: Workspace) -> [String] {
        let folders = workspace.config.roles.filter { $0.name != "host" }.flatMap(\.folders)
        let lines = folders.compactMap { folder -> String? in
            let names = workspace.manifest.targets.filter { $0.path.hasPrefix(folder + "/") }.map(\.name).sorted()
            guard !names.isEmpty else { return nil }
            let label = folder + "/"
            return label + String(repeating: " ", count: max(1, 22 - label.count)) + names.joined(separator: ", ")
        }
        return ["```"] + lines + ["```"]
    }

    /// `lines` with the block's contents replaced by `body`; unchanged when the document has no block.
    static func replacing(in lines: [String], with body: [String]) -> [String] {
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = trimmed.firstIndex(of: beginMarker), let end = trimmed[(begin + 1)...].firstIndex(of: endMarker) else { return lines }
        return Array(lines[...begin]) + body + Array(lines[end...])
    }
}
