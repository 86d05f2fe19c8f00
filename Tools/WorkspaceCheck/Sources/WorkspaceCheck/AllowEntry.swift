/// An exception written in the config: violations it matches are not reported. Each has a reason,
/// and one that matches nothing fails the run, so the list can only shrink.
struct AllowEntry: Equatable, Sendable {
    /// The rule allowed.
    let rule: Rule
    /// The target the exception is for.
    let target: String
    /// The dependency or imported module, if the exception is narrower than the whole target.
    let dependency: String?
    /// The file, if the exception is narrower than the whole target.
    let file: String?
    /// Why the exception exists.
    let reason: String
    /// The config line the entry starts on.
    let configLine: Int

    /// Whether this entry covers `violation`.
    func matches(_ violation: Violation) -> Bool {
        violation.rule == rule && violation.target == target
            && (dependency == nil || dependency == violation.subject)
            && (file == nil || file == violation.file)
    }
}
