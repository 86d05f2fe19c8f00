import Foundation

/// The features' own manifests: a `feature.json` at the root of a target's folder declares the
/// feature that target belongs to (its parts, owner and follow-ups), so a new feature is added by
/// its own folders rather than by an entry in the shared config.
enum FeatureManifests {
    /// The manifest's file name.
    static let fileName = "feature.json"
    /// The largest manifest read (a manifest is a page of JSON).
    static let maxBytes = 1 << 20

    /// The features declared by the manifests in the folders of `manifest`'s targets, by path.
    static func load(root: String, manifest: PackageManifest) throws(UsageError) -> [FeatureDefinition] {
        var features: [FeatureDefinition] = []
        for path in Set(manifest.targets.map(\.path)).sorted() {
            let file = "\(path)/\(fileName)"
            let absolute = "\(root)/\(file)"
            // Only a regular file of a sane size is read: a link (to /dev/zero, say) or a huge file is refused.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: absolute) else { continue }
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw UsageError("\(file) is not a regular file (a link or a device); make it a plain JSON file")
            }
            guard let size = attributes[.size] as? Int, size <= maxBytes else {
                throw UsageError("\(file) is over \(maxBytes / 1024) KiB; a feature manifest is a page of JSON")
            }
            guard let data = FileManager.default.contents(atPath: absolute) else { continue }
            let node: JSONNode
            do {
                node = try JSONNodeParser.parse(String(decoding: data, as: UTF8.self))
            } catch {
                throw UsageError("\(file):\(error.line): \(error.message); fix the JSON syntax")
            }
            features.append(try ConfigReader(file: file).readFeature(node))
        }
        return features
    }

    /// `config`'s features followed by the manifests'; a name declared twice is an error naming both files.
    static func merged(_ config: WorkspaceConfig, with manifests: [FeatureDefinition]) throws(UsageError) -> WorkspaceConfig {
        var config = config
        for feature in manifests {
            if let other = config.features.first(where: { $0.name == feature.name }) {
                throw UsageError("\(feature.file):\(feature.configLine): feature \"\(feature.name)\" is also declared in \(other.file):\(other.configLine); keep one (its manifest)")
            }
            config.features.append(feature)
        }
        for feature in config.features {
            for name in feature.meets where !config.features.contains(where: { $0.name == name }) || name == feature.name {
                throw UsageError("\(feature.file):\(feature.line(of: name)): \"meets\" of feature \"\(feature.name)\" names \"\(name)\", which is not another feature; name one of \(config.features.map(\.name).filter { $0 != feature.name }.joined(separator: ", "))")
            }
        }
        for feature in manifests {
            for (module, limit) in feature.binary.sorted(by: { $0.key < $1.key }) {
                guard var binary = config.binary else {
                    throw UsageError("\(feature.file):\(limit.configLine): feature \"\(feature.name)\" gives \(module) a binary budget, but \(config.file) has no \"binary\"; add one, or drop \"binary\" from the manifest")
                }
                if let other = binary.modules[module] {
                    throw UsageError("\(feature.file):\(limit.configLine): the binary budget of \(module) is also in \(config.file):\(other.configLine); keep one (its manifest)")
                }
                binary.modules[module] = limit
                // A feature brings its budget: the whole binary may grow by as much.
                binary.total = BinaryBudgets.Limit(bytes: binary.total.bytes + limit.bytes, configLine: binary.total.configLine)
                config.binary = binary
            }
        }
        let plugins = config.features.flatMap { feature in feature.plugins.map { (feature, $0) } }
        for (index, (feature, plugin)) in plugins.enumerated() {
            for (otherFeature, other) in plugins[..<index] where other.flag == plugin.flag || other.type == plugin.type || other.position == plugin.position {
                let clash = other.flag == plugin.flag ? "flag \"\(plugin.flag)\"" : other.type == plugin.type ? "type \(plugin.type)" : "position \(plugin.position)"
                throw UsageError("\(feature.file):\(plugin.line): plugin \(plugin.type) has the \(clash) of plugin \(other.type) (\(otherFeature.file):\(other.line)); give each plugin its own")
            }
        }
        return config
    }
}
