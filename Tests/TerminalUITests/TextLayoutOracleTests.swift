import Testing
import TestingSupport

@testable import TerminalUI

/// The single-pass `TextLayout` against the old implementation (`LegacyTextLayout`), compared
/// scalar for scalar on hand-picked tricky strings and on seeded random mixes of them.
@Suite("TextLayout matches the old implementation")
struct TextLayoutOracleTests {
    /// Strings that have tripped up text layout: widths, clusters, controls, breaks, spaces.
    static let corpus: [String] = [
        "", " ", "   ", "a", "a ", " a", "a  b", "  lead and trail  ", "the quick brown fox jumps over the lazy dog",
        "abcdefghij", "supercalifragilisticexpialidocious", "a bb ccc dddd eeeee ffffff ggggggg",
        "東京の夜 雨上がりの街", "東京東京東京東京", "漢a字b", "ｆｕｌｌｗｉｄｔｈ ＡＢＣ",
        "Morning light 🌅 over the 東京 harbour, rain after 👨‍👩‍👧 dinner; supercalifragilisticexpialidocious!",
        "👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "👍🏽👍🏿 ok", "☺︎☺️☺", "❤️‍🔥 fire", "🇫🇷🇩🇪🇯🇵", "🇫🇷🇩", "🇫 🇷",
        "e\u{301}e\u{301}e\u{301}", "Z\u{351}\u{34B}\u{33F}a\u{30C}\u{352}l\u{346}g\u{34A}o", "\u{301}\u{301}abc",
        "\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", "क्षत्रिय नमस्ते", "ภาษาไทย สวัสดี", "a\u{200D}b", "\u{200B} abc", "abc\u{200B}\u{200B}def",
        "soft\u{AD}hyphen", "x\u{FE0F}y", "\u{FEFF}bom",
        "tab\there", "\t\tindent", "evil\u{1B}[2Jtext\tend", "bell\u{7}ring", "del\u{7F}ete", "c1\u{9B}31mred", "nel\u{85}next",
        "a\nb", "a\r\nb\rc\nd", "a\u{B}b\u{C}c", "line\u{2028}sep\u{2029}para", "\n", "\n\n", "a\n\n", "\n\na", "a\n \n b\n",
        "\r\n\r\n", "a\r", "\r\na",
        // A dropped control between scalars that then join: the old code re-segmented after sanitizing.
        "e\u{7}\u{301}", "\u{1F1EB}\u{7}\u{1F1F7}\u{1F1E9}\u{1F1EA}", "\u{1F1EB}\u{7}\u{1F1F7}\u{1F1E9}\u{1F1EA}\u{1F1EF}",
        "👍\u{7}\u{200D}👍", "\u{600}\tx", " \t\u{301}b", "a\t\u{301}", "\u{1100}\u{7}\u{1161}", "क\u{1B}्ष",
        String(repeating: "ab ", count: 40), String(repeating: "東", count: 50), String(repeating: "x", count: 300),
        String(repeating: "\u{1F1E6}", count: 9), "a" + String(repeating: "\u{300}", count: 50) + " b",
    ]

    /// Pieces the random strings are made of.
    static let pieces: [String] = [
        "a", "b", "word", "longerword", " ", "  ", "東", "京", "👨‍👩‍👧", "👍🏽", "\u{1F1EB}", "\u{1F1F7}", "e\u{301}", "\u{301}",
        "\u{200D}", "\u{200B}", "\u{FE0F}", "\t", "\u{7}", "\u{1B}", "\u{7F}", "\u{9B}", "\u{85}", "\n", "\r", "\r\n",
        "\u{2028}", "\u{B}", "\u{600}", "क", "्", "\u{903}", "\u{1100}", "\u{1161}", "…", "-",
    ]

    /// Random mixes of `pieces`, the same every run.
    static func randomStrings(count: Int, maxPieces: Int) -> [String] {
        var generator = SplitMix64(seed: 0x5EED_F00D)
        return (0..<count).map { _ in
            let length = Int.random(in: 0...maxPieces, using: &generator)
            return (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
    }

    private static func scalars(_ lines: [String]) -> [[Unicode.Scalar]] {
        lines.map { Array($0.unicodeScalars) }
    }

    @Test("wrap gives the old lines, scalar for scalar, at every width")
    func wrapMatches() {
        for text in Self.corpus + Self.randomStrings(count: 400, maxPieces: 30) {
            for width in [0, 1, 2, 3, 4, 5, 7, 10, 13, 20, 80] {
                let old = LegacyTextLayout.wrap(text, width: width)
                let new = TextLayout.wrap(text, width: width)
                #expect(Self.scalars(new) == Self.scalars(old), "width \(width): \(text.debugDescription)")
            }
        }
    }

    @Test("wrap with maxLines gives the first lines of the old wrap")
    func wrapPrefixMatches() {
        for text in Self.corpus + Self.randomStrings(count: 200, maxPieces: 30) {
            for width in [1, 3, 6, 12] {
                let old = LegacyTextLayout.wrap(text, width: width)
                for maxLines in [0, 1, 2, 3, 4, 6] {
                    let new = TextLayout.wrap(text, width: width, maxLines: maxLines)
                    #expect(
                        Self.scalars(new) == Self.scalars(Array(old.prefix(maxLines))),
                        "width \(width), maxLines \(maxLines): \(text.debugDescription)")
                }
            }
        }
    }

    @Test("truncate gives the old text for every width and ellipsis")
    func truncateMatches() {
        for text in Self.corpus + Self.randomStrings(count: 300, maxPieces: 20) {
            for ellipsis in ["…", "...", "", "⋯⋯", "東"] {
                for width in 0...12 {
                    let old = LegacyTextLayout.truncate(text, width: width, ellipsis: ellipsis)
                    let new = TextLayout.truncate(text, width: width, ellipsis: ellipsis)
                    #expect(
                        Array(new.unicodeScalars) == Array(old.unicodeScalars),
                        "width \(width), ellipsis \(ellipsis.debugDescription): \(text.debugDescription)")
                }
            }
        }
    }

    @Test("sanitized and prefix give the old text")
    func sanitizedAndPrefixMatch() {
        for text in Self.corpus + Self.randomStrings(count: 300, maxPieces: 30) {
            #expect(Array(TextLayout.sanitized(text).unicodeScalars) == Array(LegacyTextLayout.sanitized(text).unicodeScalars))
            for width in 0...8 {
                #expect(TextLayout.prefix(text, width: width) == LegacyTextLayout.prefix(text, width: width))
            }
        }
    }

    @Test("a long word broken over many lines, across reader chunks, matches", arguments: [1, 2, 7, 80])
    func longWordsAcrossChunks(width: Int) async throws {
        // Seconds of CPU in a debug build (the old layout is quadratic): on a thread of its own,
        // not on one of the two concurrency threads every other test's deadlines need.
        let mismatches = try await onOwnThread { () -> [String] in
            let texts = [
                String(repeating: "abc東👍🏽", count: 400),
                String(repeating: "\u{1F1EB}", count: 1_201) + " tail",
                "start " + String(repeating: "e\u{301}\t", count: 900) + String(repeating: "\u{7}\u{301}", count: 1_500),
                // A mark right where a chunk of plain ASCII ends must join the last letter (a spacing
                // mark is one column alone, none when joined).
                String(repeating: "x", count: SanitizedReader.chunkBytes) + "\u{903}y",
                String(repeating: "x", count: SanitizedReader.chunkBytes) + "\u{301}y",
                String(repeating: "x", count: 2 * SanitizedReader.chunkBytes) + "\u{301}\u{302} y",
                String(repeating: "x", count: SanitizedReader.chunkBytes - 1) + "\u{7}\u{301}y",
                String(repeating: "x", count: SanitizedReader.chunkBytes) + "\n\u{301}",
            ]
            return texts.compactMap { text -> String? in
                let new = Self.scalars(TextLayout.wrap(text, width: width))
                let old = Self.scalars(LegacyTextLayout.wrap(text, width: width))
                guard new != old else { return nil }
                // On a mismatch, show where, not thousands of lines.
                let first = zip(new, old).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(new.count, old.count)
                return "\(new.count) vs \(old.count) lines, first difference at line \(first): \(new.dropFirst(first).first ?? []) vs \(old.dropFirst(first).first ?? [])"
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
