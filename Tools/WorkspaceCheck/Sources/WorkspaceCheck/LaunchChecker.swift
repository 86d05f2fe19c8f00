/// `workspace-check launch`: the median time to the shipping binary's first answer over the median
/// bare start, measured side by side, against `"launch"` of the config; over budget fails naming
/// the module that owns the launch path and its team.
struct LaunchChecker: Sendable {
    /// The medians of one run.
    struct Result: Equatable, Sendable {
        /// The median bare start.
        let bare: Duration
        /// The median measured start.
        let measured: Duration
        /// How many starts of each kind.
        let runs: Int

        /// `measured / bare`.
        var ratio: Double { bare > .zero ? measured / bare : .infinity }
    }

    let budget: LaunchBudget
    /// The config file, as messages name it.
    let configFile: String
    /// The owning team of `budget.module`.
    let team: Team?

    /// The medians of `bare` and `measured` (each non-empty).
    static func result(bare: [Duration], measured: [Duration]) -> Result {
        Result(bare: median(bare), measured: median(measured), runs: min(bare.count, measured.count))
    }

    /// The middle sample (the upper one of an even count).
    static func median(_ samples: [Duration]) -> Duration {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    /// One error when `result` is over the budget's ratio.
    func violations(_ result: Result) -> [Violation] {
        guard result.ratio > budget.ratio else { return [] }
        let who = BinaryChecker.describe(budget.module, team)
        return [Violation(
            severity: .error, rule: .launchBudget, file: configFile, line: budget.configLine, target: budget.module, subject: nil,
            message: "\(budget.product)'s cold start, owned by \(who), reached its first answer in \(Self.format(result.measured)), \(Self.times(result.ratio)) a bare start (\(Self.format(result.bare))), over its budget of \(Self.times(budget.ratio)) (medians of \(result.runs))",
            why: Rule.launchBudget.why,
            fix: "\(team.map { "\($0.handle) " } ?? "")moves the new work out of the launch path (after the first answer, or when its screen opens) and reruns `workspace-check launch`; or raise \"launch.ratio\" in \(configFile) in the same pull request, approved by \(team.map { "\($0.handle) and " } ?? "")the owners of \(configFile)"
        )]
    }

    /// Milliseconds with two decimals: `12.34 ms`.
    static func format(_ duration: Duration) -> String {
        let hundredths = Int((Double(duration.components.seconds) * 1e5 + Double(duration.components.attoseconds) / 1e13).rounded())
        return "\(hundredths / 100).\(String(hundredths % 100).leftPadded(to: 2)) ms"
    }

    /// A ratio with two decimals: `2.50×`.
    static func times(_ ratio: Double) -> String {
        guard ratio.isFinite else { return "∞×" }
        let hundredths = Int((ratio * 100).rounded())
        return "\(hundredths / 100).\(String(hundredths % 100).leftPadded(to: 2))×"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
