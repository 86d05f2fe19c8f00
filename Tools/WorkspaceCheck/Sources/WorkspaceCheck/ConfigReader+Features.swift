/// Reads features: the config's `"features"`, and each feature's manifest (`feature.json`).
extension ConfigReader {
    /// The keys a feature may have.
    static let featureKeys: Set<String> = ["name", "interface", "implementations", "testing", "tests", "demo", "owner", "plugins", "meets", "binary"]

    /// The `"features"` array.
    func readFeatures(_ node: JSONNode?) throws(UsageError) -> [FeatureDefinition] {
        guard let node else { return [] }
        guard let elements = node.elements else { throw fail(node, "\"features\" must be an array of features") }
        var features: [FeatureDefinition] = []
        for element in elements {
            let feature = try readFeature(element)
            guard !features.contains(where: { $0.name == feature.name }) else {
                throw fail(element, "feature \"\(feature.name)\" is defined twice; merge the two")
            }
            features.append(feature)
        }
        return features
    }

    /// One feature, from a config entry or a manifest's root object.
    func readFeature(_ element: JSONNode) throws(UsageError) -> FeatureDefinition {
        _ = try object(element, "a feature", keys: Self.featureKeys)
        let name = try string(element["name"], "the feature's \"name\"", in: element)
        var lines: [String: Int] = [:]
        func part(_ key: String) throws(UsageError) -> String? {
            guard let value = element[key] else { return nil }
            let text = try string(value, "\"\(key)\" of feature \"\(name)\"", in: element)
            lines[text] = value.line
            return text
        }
        func parts(_ key: String) throws(UsageError) -> [String] {
            let list = try strings(element[key], "\"\(key)\" of feature \"\(name)\"")
            for (text, line) in list { lines[text] = line }
            return list.map(\.0)
        }
        let interface = try part("interface")
        let implementations = try parts("implementations")
        guard !implementations.isEmpty else {
            throw fail(element, "feature \"\(name)\" has no \"implementations\"; list its implementation modules ([\"\(name)\"])")
        }
        var feature = FeatureDefinition(
            name: name, interface: interface, implementations: implementations, testing: try part("testing"),
            tests: try parts("tests"), demo: try part("demo"), configLine: element.line, partLines: lines
        )
        feature.file = file
        if element["meets"] != nil { feature.meets = try parts("meets") }
        if let node = element["binary"] {
            guard let members = node.members else { throw fail(node, "\"binary\" of feature \"\(name)\" must be an object of its modules' byte budgets, such as {\"\(implementations[0])\": 65536}") }
            for member in members {
                guard let bytes = member.value.integer, bytes > 0 else {
                    throw fail(member.value, "the binary budget of \"\(member.key)\" must be a positive whole number of bytes")
                }
                guard feature.parts.contains(member.key) else {
                    throw fail(member.value, "\"binary\" of feature \"\(name)\" names \"\(member.key)\", which is not one of its modules; name one of \(feature.parts.joined(separator: ", "))")
                }
                feature.binary[member.key] = BinaryBudgets.Limit(bytes: bytes, configLine: member.value.line, file: file)
            }
        }
        if let owner = element["owner"] {
            feature.owner = try string(owner, "\"owner\" of feature \"\(name)\"", in: element)
            feature.ownerLine = owner.line
        }
        if let node = element["plugins"] {
            guard let entries = node.elements else { throw fail(node, "\"plugins\" of feature \"\(name)\" must be an array of plugins") }
            for entry in entries {
                let plugin = try readPlugin(entry, of: name)
                guard implementations.contains(plugin.module) else {
                    throw fail(entry, "plugin \(plugin.type) is in module \"\(plugin.module)\", which is not an implementation of feature \"\(name)\"; name one of \(implementations.joined(separator: ", "))")
                }
                feature.plugins.append(plugin)
            }
        }
        return feature
    }

    private func readPlugin(_ node: JSONNode, of feature: String) throws(UsageError) -> PluginDefinition {
        _ = try object(node, "a plugin of feature \"\(feature)\"", keys: ["type", "module", "flag", "position", "adds", "does", "docs", "contract", "keys", "headless", "fields"])
        let type = try string(node["type"], "the plugin's \"type\" (its FeaturePlugin value's type)", in: node)
        guard type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), type.first?.isUppercase == true else {
            throw fail(node, "plugin type \"\(type)\" must be a Swift type name such as BookmarksPlugin")
        }
        let module = try string(node["module"], "\"module\" of plugin \(type)", in: node)
        let flag = try string(node["flag"], "\"flag\" of plugin \(type)", in: node)
        guard flag.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) else {
            throw fail(node["flag"] ?? node, "flag \"\(flag)\" of plugin \(type) must be lowercase words joined by dashes")
        }
        guard let position = node["position"]?.integer, (1...10_000).contains(position) else {
            throw fail(node, "plugin \(type) needs \"position\": a whole number from 1 to 10000, its place in the plugin list")
        }
        var plugin = PluginDefinition(
            type: type, module: module, flag: flag, position: position,
            adds: try string(node["adds"], "\"adds\" of plugin \(type) (one line for the README)", in: node),
            does: try string(node["does"], "\"does\" of plugin \(type) (the docs' line)", in: node),
            docs: try string(node["docs"], "\"docs\" of plugin \(type) (where it is documented)", in: node),
            line: node.line
        )
        if let contract = node["contract"] { plugin.contract = try string(contract, "\"contract\" of plugin \(type)", in: node) }
        plugin.keys = try entries(node["keys"], "keys", named: "key", of: type)
        plugin.headless = try entries(node["headless"], "headless", named: "command", of: type)
        plugin.fields = try entries(node["fields"], "fields", named: "field", of: type, rowKey: true)
        return plugin
    }

    /// A plugin's `"keys"`, `"headless"` or `"fields"`: objects of `name` and `"does"` (and `"row"` for fields).
    private func entries(_ node: JSONNode?, _ key: String, named name: String, of type: String, rowKey: Bool = false) throws(UsageError) -> [PluginDefinition.Entry] {
        guard let node else { return [] }
        guard let elements = node.elements else { throw fail(node, "\"\(key)\" of plugin \(type) must be an array of {\"\(name)\", \"does\"}") }
        var entries: [PluginDefinition.Entry] = []
        for element in elements {
            _ = try object(element, "one of \"\(key)\" of plugin \(type)", keys: rowKey ? [name, "does", "row"] : [name, "does"])
            let text = try string(element[name], "\"\(name)\" of one of \"\(key)\" of plugin \(type)", in: element)
            let does = try string(element["does"], "\"does\" of \(name) \(text) of plugin \(type)", in: element)
            guard !text.isEmpty, !text.contains("\n"), !does.contains("\n") else { throw fail(element, "\(name) \"\(text)\" of plugin \(type) must be one line, not empty") }
            var entry = PluginDefinition.Entry(name: text, does: does)
            if case .bool(let row)? = element["row"]?.value { entry.row = row }
            entries.append(entry)
        }
        return entries
    }
}
