/// One `import` declaration found in a source file.
struct ImportDeclaration: Equatable, Sendable {
    /// The imported module: the first component of the path (`Feed` in `import struct Feed.Post`).
    let module: String
    /// The full imported path (`Feed.Post`).
    let path: String
    /// The 1-based line of the `import` keyword.
    let line: Int
    /// The attributes written before `import`, without `@` (`testable`, `_exported`, `preconcurrency`).
    let attributes: [String]
    /// The access level written before `import` (`public`, `package`, `internal`…), if any.
    let accessLevel: String?
    /// The declaration kind of a scoped import (`struct` in `import struct Feed.Post`), if any.
    let kind: String?
    /// Whether the import is compiled: `.yes`, `.unknown` (inside a `#if` the checker cannot
    /// decide) or `.no` (inside an inactive `#if` branch).
    let active: Truth
    /// The undecidable `#if` conditions around the import, as written, when `active` is `.unknown`.
    let unknownConditions: [String]

    /// Whether the import re-exports the module (`@_exported import`).
    var isExported: Bool {
        attributes.contains("_exported")
    }
}
