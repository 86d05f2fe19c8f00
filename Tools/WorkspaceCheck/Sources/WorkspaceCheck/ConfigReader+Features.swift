/// Reads `"features"` of the config.
extension ConfigReader {
    /// The `"features"` array.
    func readFeatures(_ node: JSONNode?) throws(UsageError) -> [FeatureDefinition] {
        guard let node else { return [] }
        guard let elements = node.elements else { throw fail(node, "\"features\" must be an array of features") }
        var features: [FeatureDefinition] = []
        for element in elements {
            _ = try object(element, "a feature", keys: ["name", "interface", "implementations", "testing", "tests", "demo", "owner"])
            let name = try string(element["name"], "the feature's \"name\"", in: element)
            guard !features.contains(where: { $0.name == name }) else { throw fail(element, "feature \"\(name)\" is defined twice; merge the two") }
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
            if let owner = element["owner"] {
                feature.owner = try string(owner, "\"owner\" of feature \"\(name)\"", in: element)
                feature.ownerLine = owner.line
            }
            features.append(feature)
        }
        return features
    }
}
