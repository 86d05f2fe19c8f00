// The TelemetryInterface module: the event value, consent and the tracker handle.

/// One tracked event: a name, its properties and its priority. Any module makes its own: a
/// feature declares each event it sends beside the code that sends it, as a static factory in an
/// extension, so a call reads `tracker.track(.streamReconnect(attempt: 2, waitMilliseconds: 800))`:
///
/// ```swift
/// extension TelemetryEvent {
///     /// live-updates: the stream is about to reconnect, after `waitMilliseconds` of backoff.
///     static func streamReconnect(attempt: Int, waitMilliseconds: Double) -> TelemetryEvent {
///         TelemetryEvent(name: "stream_reconnect", properties: ["attempt": .number(Double(attempt)), "wait_ms": .number(waitMilliseconds)])
///     }
/// }
/// ```
///
/// The platform's own generic events (`TelemetryEvent+Platform.swift`) are made the same way.
/// Whatever a caller passes, an event is bounded when it is made (the rules are the events API's
/// limits, `docs/telemetry.md`): a name is lowercase snake_case of at most `maxNameLength`
/// characters, and not one of `platformNames` unless the platform made it, else the event is
/// not valid and the recorder refuses it; a property whose key is not snake_case is left out,
/// past `maxProperties` the keys last in order are left out, a text is cut to `maxTextLength`
/// characters and `maxTextBytes` UTF-8 bytes, a number that is not finite becomes 0.
public struct TelemetryEvent: Sendable, Equatable {
    /// The event's name, e.g. `stream_reconnect`: what the queue, the sinks and `feed stats` group by.
    public let name: String
    /// The event's properties, bounded (see the type's rules).
    public let properties: [String: TelemetryValue]
    /// How much the event is worth keeping when the queue is full: the lowest go first.
    public let priority: TelemetryPriority
    /// Whether the recorder takes the event: its name is valid and, if it is one of the platform's, the platform made it.
    public let isValid: Bool

    /// The longest name or property key, in characters.
    public static let maxNameLength = 40
    /// The most properties an event keeps.
    public static let maxProperties = 16
    /// The longest text property, in characters.
    public static let maxTextLength = 200
    /// The longest text property, in UTF-8 bytes (the events API refuses a longer one).
    public static let maxTextBytes = 256

    /// An event named `name` (lowercase snake_case, not one of `platformNames`) with `properties`, kept at `priority`.
    public init(name: String, properties: [String: TelemetryValue] = [:], priority: TelemetryPriority = .normal) {
        self.init(name: name, properties: properties, priority: priority, platform: false)
    }

    /// An event as `init(name:properties:priority:)` makes it; `platform` lets one of `platformNames` be valid.
    init(name: String, properties: [String: TelemetryValue], priority: TelemetryPriority, platform: Bool) {
        let valid = Self.isValidName(name) && (platform || !Self.platformNames.contains(name))
        // A name that is refused is still bounded: the event may be kept a moment before the recorder drops it.
        self.name = valid ? name : Self.boundedText(name, bytes: Self.maxNameLength + 1, characters: Self.maxNameLength + 1)
        self.properties = Self.bounded(properties)
        self.priority = priority
        self.isValid = valid
    }

    /// Errors and crashes (and any event kept as `essential`) are never sampled: every install sends every one.
    public var isSampled: Bool { priority != .essential }

    /// Whether the event counts as a failure in `feed stats` and on the server: an error, a crash,
    /// or any event whose `outcome` property is `failed` (a failed page, like or write, a feature's own).
    public var isFailure: Bool {
        name == "error" || name == "crash" || properties["outcome"]?.text == "failed"
    }

    /// Whether `name` is lowercase snake_case (`a-z`, `0-9`, single `_` between words, a letter first) of at most `maxNameLength` characters.
    public static func isValidName(_ name: String) -> Bool {
        var count = 0
        var previous: UInt8 = UInt8(ascii: "_")
        for byte in name.utf8 {
            count += 1
            guard count <= maxNameLength else { return false }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): break
            case UInt8(ascii: "0")...UInt8(ascii: "9"): guard count > 1 else { return false }
            case UInt8(ascii: "_"): guard previous != UInt8(ascii: "_") else { return false }
            default: return false
            }
            previous = byte
        }
        return count > 0 && previous != UInt8(ascii: "_")
    }

    /// `properties` within the limits: valid keys only, at most `maxProperties` (first in key order), texts cut, numbers finite.
    private static func bounded(_ properties: [String: TelemetryValue]) -> [String: TelemetryValue] {
        // The usual case, a module's few short properties, is kept as it is, without a copy.
        if properties.count <= maxProperties, properties.allSatisfy({ isValidName($0.key) && isPlain($0.value) }) { return properties }
        // The keys kept, in order: once there are `maxProperties`, a key comes in only before the last one.
        var keys: [String] = []
        for key in properties.keys where isValidName(key) && (keys.count < maxProperties || key < keys[keys.count - 1]) {
            var at = keys.count
            while at > 0, key < keys[at - 1] { at -= 1 }
            keys.insert(key, at: at)
            if keys.count > maxProperties { keys.removeLast() }
        }
        var kept: [String: TelemetryValue] = [:]
        for key in keys {
            switch properties[key] {
            case .number(let number)?: kept[key] = .number(number.isFinite ? number : 0)
            case .text(let text)?: kept[key] = .text(boundedText(text, bytes: maxTextBytes, characters: maxTextLength))
            case nil: break
            }
        }
        return kept
    }

    /// Whether `value` is within the limits as it is: a finite number, or a text of at most `maxTextLength` bytes.
    private static func isPlain(_ value: TelemetryValue) -> Bool {
        switch value {
        case .number(let number): number.isFinite
        case .text(let text): text.utf8.count <= maxTextLength
        }
    }

    /// `text` cut to `bytes` UTF-8 bytes (at a scalar's end), then to `characters` characters.
    static func boundedText(_ text: String, bytes limit: Int, characters: Int) -> String {
        // Only as many scalars as fit are read: a text of any length costs the same.
        var scalars = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= limit else { break }
            scalars.append(scalar)
        }
        let cut = String(scalars)
        return cut.count > characters ? String(cut.prefix(characters)) : cut
    }
}
