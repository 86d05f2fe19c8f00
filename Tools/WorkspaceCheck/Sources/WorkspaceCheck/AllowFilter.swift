/// Applies the config's allow entries to a command's violations and reports entries that matched
/// nothing.
struct AllowFilter {
    /// What remains after the allow entries.
    struct Result: Sendable {
        /// The violations not allowed, plus one `stale-allow` error per entry that matched nothing.
        let violations: [Violation]
        /// How many violations allow entries covered.
        let allowedCount: Int
    }

    /// Filters `violations` of `command` (`deps`, `size`, `graph`) through `config.allow`.
    static func apply(_ violations: [Violation], command: String, config: WorkspaceConfig) -> Result {
        let entries = config.allow.filter { $0.rule.command == command }
        var used = Array(repeating: false, count: entries.count)
        var kept: [Violation] = []
        for violation in violations {
            if let index = entries.firstIndex(where: { $0.matches(violation) }) {
                used[index] = true
            } else {
                kept.append(violation)
            }
        }
        let allowedCount = violations.count - kept.count
        for (entry, wasUsed) in zip(entries, used) where !wasUsed {
            var scope = entry.target
            if let dependency = entry.dependency { scope += " → \(dependency)" }
            if let file = entry.file { scope += " in \(file)" }
            kept.append(Violation(
                severity: .error, rule: .staleAllow, file: config.file, line: entry.configLine,
                target: entry.target, subject: entry.dependency,
                message: "the allow entry for \(entry.rule.rawValue) of \(scope) matches nothing",
                why: Rule.staleAllow.why,
                fix: "remove this entry from \"allow\" in \(config.file): the exception is no longer needed"
            ))
        }
        return Result(violations: kept, allowedCount: allowedCount)
    }
}
