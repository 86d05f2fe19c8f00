import TerminalUIInterface

/// Word wrapping as a single pass over Characters: each Character is measured once and copied
/// once, so wrapping costs time in proportion to the text read, and reading stops as soon as
/// `maxLines` lines are settled.
///
/// The rules are those `TextLayout.wrap` has always had: words are runs between " " Characters
/// (runs of spaces count as one); a word joins the line after one space when it fits; a word
/// wider than a line is cut into pieces, each the longest start that fits (a Character wider
/// than the whole line goes alone); the part left over starts the next line.
struct LineWrapper {
    private let width: Int
    private let maxLines: Int
    /// The first `maxLines` lines so far.
    private(set) var lines: [String] = []
    /// Whether a non-empty line came after the first `maxLines` (they are not kept).
    private var laterLineIsNonEmpty = false
    private var line = ""
    private var lineWidth = 0
    /// The word being read, or (once it could not join the line) its piece being filled.
    private var word = ""
    private var wordWidth = 0
    private var inWord = false
    /// The word may still join `line` after a space: the line had content when the word began.
    private var joinsLine = false

    /// A wrapper for lines of `width` columns (at least 1) keeping the first `maxLines` (at least 1).
    init(width: Int, maxLines: Int) {
        self.width = width
        self.maxLines = maxLines
    }

    /// Whether the first `maxLines` lines are final: no text read later can change them.
    var isSettled: Bool {
        lines.count == maxLines && (!lines[maxLines - 1].isEmpty || laterLineIsNonEmpty)
    }

    /// Takes the next Character of the current paragraph.
    mutating func add(_ character: Character) {
        if character == " " {
            endWord()
            return
        }
        let columns = DisplayWidth.of(character)
        if !inWord {
            inWord = true
            joinsLine = lineWidth > 0
        }
        if joinsLine {
            if lineWidth + 1 + wordWidth + columns <= width {
                word.append(character)
                wordWidth += columns
                return
            }
            // The word does not fit after the line: the line is done and the word starts a new one.
            emit(line)
            line = ""
            lineWidth = 0
            joinsLine = false
        }
        if wordWidth + columns > width {
            if !word.isEmpty {
                emit(word)
                word = ""
                wordWidth = 0
            }
            if columns > width {
                emit(String(character))
                return
            }
        }
        word.append(character)
        wordWidth += columns
    }

    /// Ends the current paragraph: its last line is emitted, empty or not.
    mutating func endParagraph() {
        endWord()
        emit(line)
        line = ""
        lineWidth = 0
    }

    /// The lines once the text has ended: trailing empty lines are dropped, keeping at least one.
    mutating func finish() -> [String] {
        endParagraph()
        if !laterLineIsNonEmpty {
            while lines.last?.isEmpty == true, lines.count > 1 { lines.removeLast() }
        }
        return lines
    }

    private mutating func endWord() {
        guard inWord else { return }
        if joinsLine {
            line += " "
            line += word
            lineWidth += 1 + wordWidth
        } else {
            // As before: a line of zero width (only invisible Characters) is replaced, not kept.
            line = word
            lineWidth = wordWidth
        }
        word = ""
        wordWidth = 0
        inWord = false
    }

    private mutating func emit(_ text: String) {
        if lines.count < maxLines {
            lines.append(text)
        } else if !text.isEmpty {
            laterLineIsNonEmpty = true
        }
    }
}
