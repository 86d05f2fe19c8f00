/// One property value of an event: a number or a short text.
public enum TelemetryValue: Sendable, Equatable, Codable {
    case number(Double)
    case text(String)

    /// The number, or `nil` for a text.
    public var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The text, or `nil` for a number.
    public var text: String? {
        if case .text(let value) = self { value } else { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value): try container.encode(value.isFinite ? value : 0)
        case .text(let value): try container.encode(value)
        }
    }
}
