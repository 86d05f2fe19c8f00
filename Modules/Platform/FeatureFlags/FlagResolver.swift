import Foundation
import Networking

/// Resolves every declared flag from its sources, highest precedence first: command line,
/// `FEED_FLAGS`, remote (`GET /v1/flags`), config file, default.
///
/// Kill switches: when the remote source says `false` for a `.killSwitch` flag, the flag is off
/// whatever any other source says, the command line included — that is what a kill switch is for.
///
/// Resolution never fails. A remote fetch that fails or takes longer than `remoteTimeout`, a
/// config file that cannot be read or parsed, an unknown key, or an attempt to switch on a flag
/// that is not built yet (from the environment, remote or config) is ignored and described in
/// `ResolvedFlags.diagnostics`. A missing config file is not a problem and says nothing.
public struct FlagResolver: Sendable {
    /// The environment variable read for flags: `FEED_FLAGS="k1,-k2"`.
    public static let environmentVariable = "FEED_FLAGS"
    /// The path of the remote flags endpoint.
    public static let remotePath = "/v1/flags"

    /// The declared flags.
    public let registry: FlagRegistry
    /// The most time the remote source may take, retries included; then it is ignored.
    public let remoteTimeout: Duration

    /// Creates a resolver for `registry`; the remote source gets at most `remoteTimeout`.
    public init(registry: FlagRegistry, remoteTimeout: Duration = .seconds(1)) {
        self.registry = registry
        self.remoteTimeout = remoteTimeout
    }

    /// The conventional config file: `$XDG_CONFIG_HOME/feed/flags.json`, else
    /// `$HOME/.config/feed/flags.json`; `nil` when neither variable is set.
    public static func standardConfigFile(environment: [String: String]) -> URL? {
        let base: URL
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
            base = URL(fileURLWithPath: config, isDirectory: true)
        } else if let home = environment["HOME"], !home.isEmpty {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        } else {
            return nil
        }
        return base.appendingPathComponent("feed", isDirectory: true).appendingPathComponent("flags.json")
    }

    /// Resolves every flag in the registry; see the type's documentation for the rules.
    public func resolve(
        commandLine: CommandLineFlags = CommandLineFlags(),
        environment: [String: String] = [:],
        remote: (any HTTPClient)? = nil,
        configFile: URL? = nil
    ) async -> ResolvedFlags {
        var diagnostics: [String] = []

        let cliEntries =
            commandLine.enabled.sorted().map { ($0.rawValue, true) }
            + commandLine.disabled.sorted().map { ($0.rawValue, false) }
        let cli = accept(cliEntries, origin: "command line", diagnostics: &diagnostics)

        let envEntries = environment[Self.environmentVariable].map {
            EnvironmentFlags.parse($0, diagnostics: &diagnostics)
        } ?? []
        let env = accept(envEntries, origin: Self.environmentVariable, diagnostics: &diagnostics)

        var remoteValues: [FlagKey: Bool] = [:]
        if let remote {
            let origin = "remote flags (GET \(Self.remotePath))"
            switch await fetch(from: remote) {
            case .success(let document):
                let entries = document.entries(origin: origin, diagnostics: &diagnostics)
                remoteValues = accept(entries, origin: origin, diagnostics: &diagnostics)
            case .failure(let error):
                diagnostics.append("\(origin) ignored: \(error); using the other sources")
            }
        }

        var config: [FlagKey: Bool] = [:]
        if let configFile, let document = readConfig(configFile, diagnostics: &diagnostics) {
            let origin = "config file \(configFile.path)"
            config = accept(document.entries(origin: origin, diagnostics: &diagnostics), origin: origin, diagnostics: &diagnostics)
        }

        let layers: [(FlagSource, [FlagKey: Bool])] = [
            (.commandLine, cli), (.environment, env), (.remote, remoteValues), (.configFile, config),
        ]
        let entries = registry.definitions.map { definition in
            let key = definition.key
            var (isOn, source) = layers.lazy.compactMap { source, values in values[key].map { ($0, source) } }
                .first ?? (definition.defaultValue, .defaultValue)
            if definition.kind == .killSwitch, remoteValues[key] == false, source != .remote {
                if isOn, let asker = Self.phrase[source] {
                    diagnostics.append("flag '\(key)' is switched off by the server's kill switch; \(asker) is ignored")
                }
                (isOn, source) = (false, .remote)
            }
            return ResolvedFlags.Entry(definition: definition, isOn: isOn && definition.isBuilt, source: source)
        }
        return ResolvedFlags(entries: entries, diagnostics: diagnostics)
    }

    /// How a diagnostic names the source that asked for a flag the kill switch turned off.
    private static let phrase: [FlagSource: String] = [
        .commandLine: "--enable on the command line", .environment: "its entry in \(environmentVariable)",
    ]

    /// Keeps the entries naming declared flags (the last of repeated keys wins); an unknown key,
    /// or a flag that is not built yet being switched on, becomes a diagnostic.
    private func accept(_ entries: [(String, Bool)], origin: String, diagnostics: inout [String]) -> [FlagKey: Bool] {
        var values: [FlagKey: Bool] = [:]
        for (name, isOn) in entries {
            let key = FlagKey(name)
            guard let definition = registry.definition(key) else {
                diagnostics.append("\(origin): unknown flag '\(name)' ignored; \(registry.knownKeysPhrase)")
                continue
            }
            if isOn, !definition.isBuilt {
                diagnostics.append("\(origin): flag '\(name)' is not built yet; it stays off")
                continue
            }
            values[key] = isOn
        }
        return values
    }

    /// `GET /v1/flags`, abandoned after `remoteTimeout` even if the client retries.
    private func fetch(from client: any HTTPClient) async -> Result<FlagDocument, HTTPError> {
        let timeout = remoteTimeout
        var request = HTTPRequest.get(Self.remotePath)
        request.timeout = timeout
        // Flags are read before the first frame: one attempt, no backoff; a failure falls back
        // to the other sources at once.
        request.retryLimit = 0
        let requestToSend = request
        return await withTaskGroup(of: Result<FlagDocument, HTTPError>?.self) { group in
            group.addTask {
                do throws(HTTPError) {
                    return .success(try await client.send(requestToSend, decoding: FlagDocument.self))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    return nil
                }
                let (seconds, attoseconds) = timeout.components
                return .failure(.timeout(seconds: Double(seconds) + Double(attoseconds) / 1e18))
            }
            for await outcome in group {
                if let outcome {
                    group.cancelAll()
                    return outcome
                }
            }
            return .failure(.cancelled)
        }
    }

    /// The config document, or `nil` when the file is missing (silently) or unusable (with a diagnostic).
    private func readConfig(_ file: URL, diagnostics: inout [String]) -> FlagDocument? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let prefix = "config file \(file.path) ignored"
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            diagnostics.append("\(prefix): it cannot be read (\(error.localizedDescription)); check its permissions")
            return nil
        }
        do {
            return try JSONDecoder().decode(FlagDocument.self, from: data)
        } catch {
            var detail = "not valid JSON"
            if let decodingError = error as? DecodingError,
                case .decoding(let path, let reason) = JSONBody.describe(decodingError)
            {
                detail = "\(reason) at \(path)"
            }
            diagnostics.append("\(prefix): \(detail); expected \(FlagDocument.example)")
            return nil
        }
    }
}
