/// The module graph (declared target dependencies, test targets left out unless asked), rendered
/// as Mermaid or DOT with one class per role. Output is deterministic: roles in config order,
/// names sorted.
struct ModuleGraph: Sendable {
    /// A module and its role.
    struct Node: Equatable, Sendable {
        /// The target name.
        let name: String
        /// The role's name, or nil.
        let role: String?
    }

    /// The modules, roles in config order, then by name.
    let nodes: [Node]
    /// The edges `(from, to)`, sorted.
    let edges: [(String, String)]
    /// The role names and colours, in config order.
    let roleColors: [(String, String)]

    /// Builds the graph of `workspace`.
    init(workspace: Workspace, includeTests: Bool) {
        let targets = workspace.manifest.targets.filter { includeTests || !$0.isTest }
        let names = Set(targets.map(\.name))
        let roleOrder = Dictionary(uniqueKeysWithValues: workspace.config.roles.enumerated().map { ($1.name, $0) })
        nodes = targets.map { Node(name: $0.name, role: workspace.roles[$0.name]?.role.name) }
            .sorted { (roleOrder[$0.role ?? ""] ?? Int.max, $0.name) < (roleOrder[$1.role ?? ""] ?? Int.max, $1.name) }
        var edges: Set<String> = []
        var pairs: [(String, String)] = []
        for target in targets {
            for dependency in target.dependencies where dependency.package == nil && names.contains(dependency.name) {
                if edges.insert("\(target.name)\u{0}\(dependency.name)").inserted {
                    pairs.append((target.name, dependency.name))
                }
            }
        }
        self.edges = pairs.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        roleColors = workspace.config.roles.map { ($0.name, $0.color) }
    }

    private func className(_ role: String) -> String {
        String(role.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The graph as a Mermaid flowchart (without the ``` fence).
    func mermaid() -> String {
        var lines = ["flowchart TD"]
        for node in nodes {
            lines.append("  \(node.name)")
        }
        for (from, to) in edges {
            lines.append("  \(from) --> \(to)")
        }
        for (role, color) in roleColors {
            let members = nodes.filter { $0.role == role }.map(\.name)
            guard !members.isEmpty else { continue }
            lines.append("  classDef \(className(role)) fill:\(color),stroke:#555,color:#000")
            lines.append("  class \(members.joined(separator: ",")) \(className(role))")
        }
        return lines.joined(separator: "\n")
    }

    /// The graph in Graphviz DOT.
    func dot() -> String {
        let colors = Dictionary(uniqueKeysWithValues: roleColors)
        var lines = ["digraph modules {", "  rankdir=TB;", "  node [shape=box, style=filled];"]
        for node in nodes {
            let role = node.role ?? "no role"
            lines.append("  \"\(node.name)\" [fillcolor=\"\(colors[role] ?? "#ffffff")\", tooltip=\"\(role)\", class=\"\(className(role))\"];")
        }
        for (from, to) in edges {
            lines.append("  \"\(from)\" -> \"\(to)\";")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
