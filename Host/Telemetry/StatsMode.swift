import FeatureFlags
import Foundation
import Telemetry

/// `feed stats [--json]`: this device's telemetry, read from the queue file (never created here).
enum StatsMode {
    static func run(_ options: HostOptions, json: Bool) async -> Int32 {
        let userData = UserData(options)
        let environment = ProcessInfo.processInfo.environment
        let settings = TelemetrySettings.resolve(
            commandLine: options.telemetry, environment: environment,
            flagsFile: options.flagsFile ?? FlagResolver.standardConfigFile(environment: environment))
        let files = AppTelemetry.Files(userData)
        guard FileManager.default.fileExists(atPath: files.queue.path) else {
            let why = settings.consent == .off ? "telemetry is off (\(settings.source))" : "nothing recorded yet for \(userData.owner)"
            if json {
                StandardStreams.out(StatsReport.json(TelemetryStats(events: [])))
            } else {
                StandardStreams.out("telemetry: \(why); run `feed` with --telemetry local or on, then `feed stats`")
            }
            return 0
        }
        do {
            let queue = try await TelemetryQueue.open(at: files.queue, capacity: TelemetryConfiguration(queueFile: files.queue, consent: .local).capacity,
                                                      warn: { StandardStreams.err($0) })
            let stats = TelemetryStats(try await queue.contents())
            StandardStreams.out(json ? StatsReport.json(stats) : StatsReport.text(stats, ascii: options.ascii))
            return 0
        } catch {
            StandardStreams.err("feed: could not read the telemetry queue at \(files.queue.path) (\(error)); delete it or run `feed logout`")
            return 1
        }
    }
}
