/// A module's size budget: source lines and compiled bytes (text + data).
struct SizeBudget: Equatable, Sendable {
    /// The most lines of code the module may have.
    let lines: Int
    /// The most compiled bytes the module may have.
    let bytes: Int
    /// The config line the budget is written on.
    let configLine: Int
}
