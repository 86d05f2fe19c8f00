/// A three-valued truth: a `#if` condition the checker cannot decide is `unknown`, and both of
/// its branches are treated as possibly compiled.
enum Truth: Equatable, Sendable {
    case yes, no, unknown

    init(_ value: Bool) {
        self = value ? .yes : .no
    }

    static prefix func ! (value: Truth) -> Truth {
        switch value {
        case .yes: .no
        case .no: .yes
        case .unknown: .unknown
        }
    }

    static func && (lhs: Truth, rhs: Truth) -> Truth {
        if lhs == .no || rhs == .no { return .no }
        if lhs == .yes && rhs == .yes { return .yes }
        return .unknown
    }

    static func || (lhs: Truth, rhs: Truth) -> Truth {
        if lhs == .yes || rhs == .yes { return .yes }
        if lhs == .no && rhs == .no { return .no }
        return .unknown
    }
}
