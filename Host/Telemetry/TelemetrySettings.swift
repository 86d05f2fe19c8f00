import Foundation
import TelemetryInterface

/// The consent in force and where it came from: `--telemetry`, else `FEED_TELEMETRY`, else the
/// flags file's `"telemetry"`, else `local`.
struct TelemetrySettings: Equatable {
    var consent: TelemetryConsent
    var source: String
    /// A line for stderr when a value was not understood.
    var diagnostic: String?

    static func resolve(commandLine: TelemetryConsent?, environment: [String: String], flagsFile: URL?) -> TelemetrySettings {
        if let commandLine { return TelemetrySettings(consent: commandLine, source: "command line") }
        var diagnostic: String?
        if let text = environment["FEED_TELEMETRY"], !text.isEmpty {
            if let consent = TelemetryConsent(rawValue: text.lowercased()) { return TelemetrySettings(consent: consent, source: "FEED_TELEMETRY") }
            diagnostic = "feed: FEED_TELEMETRY=\(text.prefix(20)) is not local, on or off; ignoring it"
        }
        if let flagsFile, let value = fileValue(flagsFile) {
            if let consent = TelemetryConsent(rawValue: value.lowercased()) {
                return TelemetrySettings(consent: consent, source: "flags file", diagnostic: diagnostic)
            }
            diagnostic = "feed: \"telemetry\": \"\(value.prefix(20))\" in \(flagsFile.path) is not local, on or off; ignoring it"
        }
        return TelemetrySettings(consent: .local, source: "default", diagnostic: diagnostic)
    }

    /// The `"telemetry"` string of the flags file (`{"flags": {…}, "telemetry": "off"}`), read bounded.
    private static func fileValue(_ url: URL) -> String? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 20),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["telemetry"] as? String
    }
}
