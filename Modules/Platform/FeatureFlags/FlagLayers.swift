import Foundation

/// The local sources of one run, read and checked once: command line, `FEED_FLAGS` and the
/// config file. The remote source changes while the program runs, so it is passed to `resolve`.
struct FlagLayers: Sendable {
    let registry: FlagRegistry
    let commandLine: [FlagKey: Bool]
    let environment: [FlagKey: Bool]
    let configFile: [FlagKey: Bool]
    /// Problems with the command line and the environment (reported before the remote's).
    let diagnosticsBeforeRemote: [String]
    /// Problems with the config file (reported after the remote's).
    let diagnosticsAfterRemote: [String]

    /// Reads and checks the local sources against `registry`.
    init(registry: FlagRegistry, commandLine: CommandLineFlags, environment: [String: String], configFile: URL?) {
        self.registry = registry
        var before: [String] = []
        let cliEntries =
            commandLine.enabled.sorted().map { ($0.rawValue, true) }
            + commandLine.disabled.sorted().map { ($0.rawValue, false) }
        self.commandLine = registry.accept(cliEntries, origin: "command line", diagnostics: &before)
        let envEntries = environment[FlagResolver.environmentVariable].map {
            EnvironmentFlags.parse($0, diagnostics: &before)
        } ?? []
        self.environment = registry.accept(envEntries, origin: FlagResolver.environmentVariable, diagnostics: &before)
        var after: [String] = []
        var config: [FlagKey: Bool] = [:]
        if let configFile, let document = ConfigFileReader.read(configFile, diagnostics: &after) {
            let origin = "config file \(configFile.path)"
            config = registry.accept(document.entries(origin: origin, diagnostics: &after), origin: origin, diagnostics: &after)
        }
        self.configFile = config
        self.diagnosticsBeforeRemote = before
        self.diagnosticsAfterRemote = after
    }

    /// Every declared flag resolved from these sources and `remote`, at `date`.
    ///
    /// Precedence, highest first: command line, environment, remote, config file, default. A
    /// remote `false` for a kill switch wins over every source.
    func resolve(remote: RemoteLayer, at date: Date) -> ResolvedFlags {
        var diagnostics = diagnosticsBeforeRemote + remote.diagnostics + diagnosticsAfterRemote
        let remoteValues = remote.values(in: registry)
        let layers: [(FlagSource, [FlagKey: Bool])] = [
            (.commandLine, commandLine), (.environment, environment), (.remote, remoteValues), (.configFile, configFile),
        ]
        let entries = registry.definitions.map { definition in
            let key = definition.key
            var (isOn, source) = layers.lazy.compactMap { source, values in values[key].map { ($0, source) } }
                .first ?? (definition.defaultValue, .defaultValue)
            var isKillSwitched = false
            if definition.kind == .killSwitch, remoteValues[key] == false, source != .remote {
                if isOn, let asker = Self.phrase[source] {
                    diagnostics.append("flag '\(key)' is switched off by the server's kill switch; \(asker) is ignored")
                }
                (isOn, source, isKillSwitched) = (false, .remote, true)
            }
            return ResolvedFlags.Entry(
                definition: definition, isOn: isOn && definition.isBuilt, source: source,
                isKillSwitched: isKillSwitched, remoteOrigin: source == .remote ? remote.origin : nil)
        }
        return ResolvedFlags(
            entries: entries, diagnostics: diagnostics, layers: self, remoteSnapshot: remote.snapshot, resolvedAt: date)
    }

    /// How a diagnostic names the source that asked for a flag the kill switch turned off.
    private static let phrase: [FlagSource: String] = [
        .commandLine: "--enable on the command line", .environment: "its entry in \(FlagResolver.environmentVariable)",
    ]
}
