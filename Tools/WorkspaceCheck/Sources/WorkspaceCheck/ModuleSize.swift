/// One module's measured size against its budget.
struct ModuleSize: Equatable, Sendable {
    /// The module (target) name.
    let module: String
    /// Its role's name.
    let role: String
    /// Lines of code in its Swift sources.
    let lines: Int
    /// The allocated sizes of its release object files.
    let object: ObjectSize
    /// Its budget (the module's own, else its role's), if any.
    let budget: SizeBudget?

    /// Compiled bytes counted against the budget: text + data.
    var bytes: Int { object.total }
}
