import FeatureFlags
import Foundation
import Telemetry

/// `feed stats [--json]`: this device's telemetry, read from the queue files (never created here):
/// the one of `--server`, or without it the ones of every server this user has telemetry for —
/// through either API (a server read through the Mastodon API has its own queue).
enum StatsMode {
    static func run(_ options: HostOptions, json: Bool) async -> Int32 {
        let userData = UserData(options)
        let environment = ProcessInfo.processInfo.environment
        let settings = TelemetrySettings.resolve(
            commandLine: options.telemetry, environment: environment,
            flagsFile: options.flagsFile ?? FlagResolver.standardConfigFile(environment: environment))
        var servers: [Place] = []
        for api in [ServerAPI.feed, .mastodon] {
            let data = userData.speaking(api)
            if options.server != nil {
                if FileManager.default.fileExists(atPath: AppTelemetry.Files(data).queue.path) { servers.append(Place(server: options.server, api: api)) }
            } else {
                servers += data.servers(withFile: "telemetry", extension: "sqlite").map { Place(server: $0, api: api) }
            }
        }
        guard !servers.isEmpty else {
            if json {
                StandardStreams.out(StatsReport.json(TelemetryStats(events: [])))
            } else {
                StandardStreams.out(nothingRecorded(userData, anyServer: options.server == nil, settings: settings))
            }
            return 0
        }
        var reports: [(server: Place, stats: TelemetryStats)] = []
        for server in servers {
            let files = AppTelemetry.Files(userData.speaking(server.api).on(server.server))
            do {
                let queue = try await TelemetryQueue.open(
                    at: files.queue, capacity: TelemetryConfiguration(queueFile: files.queue, consent: .local).capacity,
                    warn: { StandardStreams.err($0) })
                reports.append((server, TelemetryStats(try await queue.contents())))
            } catch {
                StandardStreams.err("feed: could not read the telemetry queue at \(files.queue.path) (\(error)); delete it or run `feed logout`")
                return 1
            }
        }
        if reports.count == 1, let only = reports.first {
            StandardStreams.out(json ? StatsReport.json(only.stats) : StatsReport.text(only.stats, ascii: options.ascii))
        } else if json {
            // Several servers: one object per server, in an array.
            StandardStreams.out("[" + reports.map { #"{"server":"# + quoted(name(of: $0.server)) + #","stats":"# + StatsReport.json($0.stats) + "}" }.joined(separator: ",") + "]")
        } else {
            for (index, report) in reports.enumerated() {
                if index > 0 { StandardStreams.out("") }
                StandardStreams.out("\(options.user) on \(name(of: report.server)):")
                StandardStreams.out(StatsReport.text(report.stats, ascii: options.ascii))
            }
        }
        return 0
    }

    /// Why there is nothing to show, and what would record something (never what the user did).
    private static func nothingRecorded(_ userData: UserData, anyServer: Bool, settings: TelemetrySettings) -> String {
        let whose = anyServer ? "\(userData.user) on any server" : userData.owner
        switch settings.consent {
        case .off:
            return "telemetry: nothing recorded for \(whose); telemetry is off (\(settings.source)): `feed --telemetry local` records on this device only"
        case .local, .on:
            return "telemetry: nothing recorded yet for \(whose); telemetry is \(settings.consent.rawValue) (\(settings.source)) and records while `feed` runs"
        }
    }

    /// A server and the API its telemetry was recorded through.
    private struct Place {
        let server: URL?
        let api: ServerAPI
    }

    private static func name(of place: Place) -> String {
        (place.server?.absoluteString ?? "the embedded server") + (place.api == .mastodon ? " (Mastodon API)" : "")
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
