/// The `#if` conditions the checker knows the value of; everything else is `unknown`.
struct CompilationConditions: Sendable {
    /// Conditions known to be true, normalized without spaces: `os(Linux)`, `canImport(Glibc)`, `DEBUG`.
    var active: Set<String>
    /// Conditions known to be false.
    var inactive: Set<String>
    /// Modules of the package: `canImport(M)` is true for each.
    var packageModules: Set<String>
    /// The compiler version `swift(>=…)` and `compiler(>=…)` compare against, e.g. `[6, 3]`.
    var swiftVersion: [Int]

    /// Platform conditions where exactly one value holds: when one is active, the others are false.
    private static let exclusiveFamilies: Set<String> = ["os", "arch", "_endian", "_pointerBitWidth", "_runtime"]

    /// Normalizes a condition as written (`os( Linux )`) to the form used in the sets (`os(Linux)`).
    static func normalize(_ condition: String) -> String {
        String(condition.filter { !$0.isWhitespace })
    }

    /// The value of a bare flag such as `DEBUG`.
    func flag(_ name: String) -> Truth {
        if name == "true" { return .yes }
        if name == "false" { return .no }
        if active.contains(name) { return .yes }
        if inactive.contains(name) { return .no }
        return .unknown
    }

    /// The value of a platform condition such as `os(Linux)` or `swift(>=6.0)`.
    func function(_ name: String, argument: String) -> Truth {
        let written = "\(name)(\(argument))"
        if active.contains(written) { return .yes }
        if inactive.contains(written) { return .no }
        switch name {
        case "canImport":
            // Whether a package module can be imported depends on build order (it may simply not be
            // built yet), so both branches count: a forbidden import hides in neither.
            return .unknown
        case "swift", "compiler":
            return compareVersion(argument)
        case _ where Self.exclusiveFamilies.contains(name):
            let familyIsKnown = active.contains { $0.hasPrefix("\(name)(") }
            return familyIsKnown ? .no : .unknown
        default:
            return .unknown
        }
    }

    private func compareVersion(_ argument: String) -> Truth {
        let isAtLeast = argument.hasPrefix(">=")
        let isBelow = argument.hasPrefix("<")
        guard isAtLeast || isBelow, !swiftVersion.isEmpty else { return .unknown }
        let numbers = argument.drop { !$0.isNumber }.split(separator: ".").compactMap { Int($0) }
        guard !numbers.isEmpty else { return .unknown }
        let count = max(numbers.count, swiftVersion.count)
        let lhs = swiftVersion + Array(repeating: 0, count: count - swiftVersion.count)
        let rhs = numbers + Array(repeating: 0, count: count - numbers.count)
        let atLeast = !lhs.lexicographicallyPrecedes(rhs)
        return Truth(isAtLeast ? atLeast : !atLeast)
    }
}
