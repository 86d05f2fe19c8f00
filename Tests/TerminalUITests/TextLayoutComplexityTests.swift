import Testing

@testable import TerminalUI

/// Work, not time: `TextLayout` counts the bytes it examines and segments, and these tests check
/// that the count grows in proportion to the text read (the old code was quadratic) and stops
/// growing with the text once `maxLines` lines are settled.
@Suite("TextLayout work grows linearly")
struct TextLayoutComplexityTests {
    /// Captions that made the old wrap quadratic or that stress the reader's chunking.
    static let shapes: [(name: String, unit: String)] = [
        ("no spaces", "x"), ("words", "lorem ipsum "), ("wide", "東"), ("emoji", "👨‍👩‍👧"),
        ("flags", "\u{1F1EB}"), ("controls", "a\u{7}\t"), ("one growing cluster", "\u{301}"),
    ]

    @Test("wrapping 10x more text does at most ~10x more work", arguments: shapes.indices)
    func wrapIsLinear(shape: Int) {
        let unit = Self.shapes[shape].unit
        let small = "a" + String(repeating: unit, count: 20_000 / unit.utf8.count)
        let large = "a" + String(repeating: unit, count: 200_000 / unit.utf8.count)
        let smallWork = TextLayout.measuredWrap(small, width: 40, maxLines: .max).work
        let largeWork = TextLayout.measuredWrap(large, width: 40, maxLines: .max).work
        #expect(smallWork >= small.utf8.count, "every byte is examined at least once")
        // Bytes are examined once and segmented about once (a growing cluster at most ~3 times).
        #expect(largeWork <= 4 * large.utf8.count + 2 * SanitizedReader.chunkBytes, "\(Self.shapes[shape].name)")
        #expect(Double(largeWork) / Double(smallWork) < 12, "\(Self.shapes[shape].name): \(smallWork) → \(largeWork)")
    }

    @Test("truncating 10x more text does no more work once the width is full")
    func truncateStopsEarly() {
        let small = String(repeating: "caption ", count: 2_000)
        let large = String(repeating: "caption ", count: 200_000)
        let smallWork = TextLayout.measuredTruncate(small, width: 80, ellipsis: "…").work
        let largeWork = TextLayout.measuredTruncate(large, width: 80, ellipsis: "…").work
        #expect(largeWork == smallWork)
        #expect(largeWork <= 2 * SanitizedReader.chunkBytes)
    }

    @Test("wrap with maxLines reads only what the lines need, however long the caption", arguments: [" ", ""])
    func wrapWithMaxLinesStopsEarly(separator: String) {
        let word = "caption" + separator
        let short = String(repeating: word, count: 2_000)
        let huge = String(repeating: word, count: 1_000_000)
        let shortResult = TextLayout.measuredWrap(short, width: 77, maxLines: 4)
        let hugeResult = TextLayout.measuredWrap(huge, width: 77, maxLines: 4)
        #expect(hugeResult.lines == shortResult.lines)
        #expect(hugeResult.lines.count == 4)
        #expect(hugeResult.work == shortResult.work)
        #expect(hugeResult.work <= 2 * SanitizedReader.chunkBytes, "a caption of \(huge.utf8.count) bytes")
    }
}
