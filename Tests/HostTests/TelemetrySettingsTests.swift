import Foundation
import Testing
import TelemetryInterface

@testable import Host

@MainActor
@Suite struct TelemetrySettingsTests {
    private func flagsFile(_ json: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("telemetry-flags-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test func theCommandLineWinsThenTheEnvironmentThenTheFlagsFileThenLocal() throws {
        let file = try flagsFile(#"{"flags": {}, "telemetry": "on"}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(TelemetrySettings.resolve(commandLine: .off, environment: ["FEED_TELEMETRY": "on"], flagsFile: file).consent == .off)
        #expect(TelemetrySettings.resolve(commandLine: nil, environment: ["FEED_TELEMETRY": "off"], flagsFile: file).consent == .off)
        let fromFile = TelemetrySettings.resolve(commandLine: nil, environment: [:], flagsFile: file)
        #expect(fromFile.consent == .on && fromFile.source == "flags file")
        let plain = TelemetrySettings.resolve(commandLine: nil, environment: [:], flagsFile: nil)
        #expect(plain.consent == .local && plain.source == "default" && plain.diagnostic == nil)
    }

    @Test func aValueNotUnderstoodIsSaidOnceAndIgnored() throws {
        let file = try flagsFile(#"{"telemetry": "sometimes"}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let settings = TelemetrySettings.resolve(commandLine: nil, environment: ["FEED_TELEMETRY": "maybe"], flagsFile: file)
        #expect(settings.consent == .local)
        #expect(settings.diagnostic?.contains("is not local, on or off") == true)
    }

    @Test func theOptionsParse() throws {
        let registry = PluginFlags.registry([])
        guard case .headless(let options) = try HostOptions.parse(
            ["--headless", "--telemetry", "on", "--otlp", "http://127.0.0.1:4318", "--telemetry-interval", "200"], registry: registry)
        else { Issue.record("not headless"); return }
        #expect(options.telemetry == .on && options.otlp?.port == 4318 && options.telemetryInterval == .milliseconds(200))
        #expect(try HostOptions.parse(["stats", "--json"], registry: registry) == .stats(HostOptions(), json: true))
        #expect(throws: (any Error).self) { try HostOptions.parse(["--telemetry", "sometimes"], registry: registry) }
    }
}
