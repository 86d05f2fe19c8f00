/// One finding of a check: where, which rule, why the rule exists and how to fix it.
struct Violation: Equatable, Sendable {
    /// How serious a finding is.
    enum Severity: String, Sendable {
        /// Fails the run.
        case error
        /// Reported; does not fail the run.
        case warning
    }

    /// Error or warning.
    var severity: Severity
    /// The rule broken.
    let rule: Rule
    /// The file, relative to the package root.
    let file: String
    /// The 1-based line in `file`.
    let line: Int
    /// The target the finding is about (for allow entries).
    let target: String
    /// The other module involved (the dependency or import), if any (for allow entries).
    let subject: String?
    /// What is wrong, in one sentence.
    let message: String
    /// Why the rule exists.
    let why: String
    /// What to do.
    let fix: String
}
