/// One scanned Swift source file of a target.
struct SourceFile: Sendable {
    /// The path relative to the package root.
    let path: String
    /// The file's imports.
    let imports: [ImportDeclaration]
    /// Its lines of code.
    let codeLineCount: Int
}
