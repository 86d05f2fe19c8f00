import Foundation

/// Prints violations as text, GitHub annotations or JSON values.
enum ViolationFormatter {
    /// One violation as text (three lines) or as a GitHub annotation (one line).
    static func format(_ violation: Violation, as format: OutputFormat) -> String {
        switch format {
        case .github:
            let properties = "file=\(escapeProperty(violation.file)),line=\(violation.line),title=\(escapeProperty("workspace-check \(violation.rule.rawValue)"))"
            let message = "\(violation.message)\nWhy: \(violation.why)\nFix: \(violation.fix)"
            return "::\(violation.severity.rawValue) \(properties)::\(escapeData(message))"
        case .text, .json:
            return """
                \(violation.file):\(violation.line): \(violation.severity.rawValue): [\(violation.rule.rawValue)] \(violation.message)
                    why: \(violation.why)
                    fix: \(violation.fix)
                """
        }
    }

    /// One violation as a JSON value.
    static func json(_ violation: Violation) -> JSONNode.Value {
        JSONWriter.object([
            ("severity", .string(violation.severity.rawValue)),
            ("rule", .string(violation.rule.rawValue)),
            ("file", .string(violation.file)),
            ("line", JSONWriter.number(violation.line)),
            ("target", .string(violation.target)),
            ("subject", JSONWriter.string(violation.subject)),
            ("message", .string(violation.message)),
            ("why", .string(violation.why)),
            ("fix", .string(violation.fix)),
        ])
    }

    /// "2 errors, 1 warning" style counts.
    static func counts(_ violations: [Violation], allowed: Int) -> String {
        let errors = violations.filter { $0.severity == .error }.count
        let warnings = violations.count - errors
        var parts = ["\(errors) error\(errors == 1 ? "" : "s")", "\(warnings) warning\(warnings == 1 ? "" : "s")"]
        if allowed > 0 { parts.append("\(allowed) allowed by the config") }
        return parts.joined(separator: ", ")
    }

    private static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
