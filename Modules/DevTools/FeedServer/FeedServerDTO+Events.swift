/// The analytics bodies, the server's own (never the client's types).
extension FeedServerDTO {
    /// `POST /v1/events`'s body.
    struct EventBatch: Decodable {
        var batch: String?
        var sentAt: Double?
        var events: [Event]
    }

    /// One event as a client sends it.
    struct Event: Decodable {
        var id: String
        var name: String
        var time: Double
        var sequence: Int
        var session: String
        var owner: String
        var sampleRate: Double
        var properties: [String: Value]

        /// Why the event is refused, or `nil`: every string and number range-checked.
        var problem: String? {
            func bad(_ text: String, _ range: ClosedRange<Int>) -> Bool { !range.contains(text.utf8.count) }
            if bad(id, 1...64) || bad(name, 1...64) || bad(owner, 1...64) || bad(session, 0...64) {
                return "an event's id, name and owner must be 1 to 64 bytes, its session at most 64"
            }
            guard time.isFinite, time >= 0, time <= 1e11, sequence >= 0 else { return "an event's time and sequence must be in range" }
            guard sampleRate.isFinite, (0...1).contains(sampleRate) else { return "an event's sampleRate must be from 0 to 1" }
            guard properties.count <= 32, properties.allSatisfy({ $0.key.utf8.count <= 64 && $0.value.isInRange }) else {
                return "an event has at most 32 properties, each a finite number or a string of at most 256 bytes"
            }
            return nil
        }
    }

    /// A property value: a number or a string.
    enum Value: Decodable {
        case number(Double)
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        var text: String? {
            if case .text(let text) = self { text } else { nil }
        }

        var isInRange: Bool {
            switch self {
            case .number(let number): number.isFinite
            case .text(let text): text.utf8.count <= 256
            }
        }
    }

    struct EventsAccepted: Encodable {
        var stored: Int
        var duplicates: Int
    }

    /// `GET /v1/events/summary`'s body.
    struct EventsSummary: Codable, Sendable {
        struct Count: Codable, Sendable {
            var count: Int
            var failures: Int
        }

        struct Team: Codable, Sendable {
            var events: Int
            var failures: Int
            var byName: [String: Count]
        }

        var events: Int
        var duplicates: Int
        var batches: Int
        var teams: [String: Team]
    }
}
