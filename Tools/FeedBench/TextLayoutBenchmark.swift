import TerminalUI

/// (i) Wrapping a caption without spaces: 1 MB versus 100 KB (linear: about 10×; the old
/// wrap was quadratic, about 100×), and its first 4 lines from 50 MB versus 100 KB (about 1×).
@MainActor
enum TextLayoutBenchmark {
    static func run() async -> [String] {
        let small = String(repeating: "x", count: 100_000)
        let large = String(repeating: "x", count: 1_000_000)
        let huge = String(repeating: "x", count: 50_000_000)
        let smallWrap = await Measure.median { _ = TextLayout.wrap(small, width: 77) }
        let largeWrap = await Measure.median { _ = TextLayout.wrap(large, width: 77) }
        let smallFirst = await Measure.median { _ = TextLayout.wrap(small, width: 77, maxLines: 4) }
        let hugeFirst = await Measure.median { _ = TextLayout.wrap(huge, width: 77, maxLines: 4) }
        return [
            "(i) wrap a caption without spaces, 1 MB vs 100 KB (goal: ≤ 12×, linear)",
            "    100 KB \(Measure.format(smallWrap)), 1 MB \(Measure.format(largeWrap)) → \(Measure.ratio(largeWrap, smallWrap))",
            "    first 4 lines (maxLines: 4), 50 MB vs 100 KB (goal: ≤ 1.5×)",
            "    100 KB \(Measure.format(smallFirst)), 50 MB \(Measure.format(hugeFirst)) → \(Measure.ratio(hugeFirst, smallFirst))",
        ]
    }
}
