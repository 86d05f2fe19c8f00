/// Reads `"binary"` and `"launch"` of the config: the budgets of what ships.
extension ConfigReader {
    /// `"binary": {"product": "feed", "target": "Host", "totalBytes": N, "modules": {"Feed": N}}`.
    func readBinary(_ node: JSONNode?) throws(UsageError) -> BinaryBudgets? {
        guard let node else { return nil }
        _ = try object(node, "\"binary\"", keys: ["product", "target", "totalBytes", "modules"])
        guard let total = node["totalBytes"], let totalBytes = total.integer, totalBytes > 0 else {
            throw fail(node, "\"binary\" needs \"totalBytes\": a positive whole number (the linked product's text + data)")
        }
        var modules: [String: BinaryBudgets.Limit] = [:]
        if let modulesNode = node["modules"] {
            guard let members = modulesNode.members else {
                throw fail(modulesNode, "\"binary.modules\" must be an object of module names, such as {\"Feed\": 262144}")
            }
            for member in members where member.key != "comment" {
                guard let bytes = member.value.integer, bytes > 0 else {
                    throw fail(member.value, "the binary budget of \"\(member.key)\" must be a positive whole number of bytes, not \(member.value.typeName)")
                }
                guard modules[member.key] == nil else { throw fail(member.value, "\"\(member.key)\" is listed twice in \"binary.modules\"; keep one") }
                modules[member.key] = BinaryBudgets.Limit(bytes: bytes, configLine: member.value.line)
            }
        }
        return BinaryBudgets(
            product: try string(node["product"], "\"binary.product\" (the executable, such as \"feed\")", in: node),
            target: try string(node["target"], "\"binary.target\" (the product's executable target, such as \"Host\")", in: node),
            total: BinaryBudgets.Limit(bytes: totalBytes, configLine: total.line),
            modules: modules, configLine: node.line
        )
    }

    /// `"launch": {"product": "feed", "module": "Host", "arguments": […], "input": […], "marker": "…",
    /// "bareArguments": ["--version"], "ratio": 4, "runs": 9}`.
    func readLaunch(_ node: JSONNode?) throws(UsageError) -> LaunchBudget? {
        guard let node else { return nil }
        _ = try object(node, "\"launch\"", keys: ["product", "module", "arguments", "input", "marker", "bareArguments", "ratio", "runs"])
        guard let ratioNode = node["ratio"], case .number(let ratio) = ratioNode.value, ratio >= 1, ratio <= 1_000 else {
            throw fail(node["ratio"] ?? node, "\"launch.ratio\" must be a number from 1 to 1000 (the largest median ratio to a bare start)")
        }
        var runs = 9
        if let runsNode = node["runs"] {
            guard let value = runsNode.integer, (1...101).contains(value) else {
                throw fail(runsNode, "\"launch.runs\" must be a whole number from 1 to 101")
            }
            runs = value
        }
        let arguments = try strings(node["arguments"], "\"launch.arguments\"").map(\.0)
        guard !arguments.isEmpty else { throw fail(node, "\"launch.arguments\" must list the arguments of the measured start, such as [\"--headless\"]") }
        let bare = try strings(node["bareArguments"], "\"launch.bareArguments\"").map(\.0)
        return LaunchBudget(
            product: try string(node["product"], "\"launch.product\" (the executable, such as \"feed\")", in: node),
            module: try string(node["module"], "\"launch.module\" (the module that owns the launch path, such as \"Host\")", in: node),
            arguments: arguments,
            input: try strings(node["input"], "\"launch.input\"").map(\.0),
            marker: try string(node["marker"], "\"launch.marker\" (text of the first answer's line)", in: node),
            bareArguments: bare.isEmpty ? ["--version"] : bare,
            ratio: ratio, runs: runs, configLine: ratioNode.line
        )
    }
}
