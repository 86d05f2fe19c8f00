/// Reads text front to back as the Characters of its sanitized form (tabs as spaces, other
/// control characters dropped), a chunk at a time, so a caller that stops early never pays for
/// the rest of the text.
///
/// The Characters are exactly those of `TextLayout.sanitized` applied to each paragraph: a
/// dropped control character can join its neighbours into one grapheme cluster, so the last
/// Character of a chunk is held back until the next chunk shows whether it goes on.
struct SanitizedReader {
    /// What the reader found next.
    enum Item {
        /// A grapheme cluster of the sanitized text.
        case character(Character)
        /// A line break ("\n", "\r\n", "\r", VT, FF, NEL, U+2028, U+2029) ended a paragraph.
        case paragraphEnd
    }

    /// Bytes copied per chunk; a cluster longer than this makes the next chunk as long as it.
    static let chunkBytes = 4096

    private let bytes: UnsafeBufferPointer<UInt8>
    private let splitsParagraphs: Bool
    private var position = 0
    /// Sanitized text not handed out yet; it starts at a Character boundary.
    private var pending = ""
    private var ready: [Character] = []
    private var readyIndex = 0
    private var scratch: [UInt8] = []
    /// Set when the chunk just read ended at a line break, handed out after its Characters.
    private var breakAfterReady = false
    /// Units of work done: bytes examined plus bytes segmented into Characters (held-back ones again).
    private(set) var work = 0

    /// A reader of `bytes`, valid UTF-8; with `splitsParagraphs`, line breaks become
    /// `.paragraphEnd`, otherwise they are control characters like any other and dropped.
    init(bytes: UnsafeBufferPointer<UInt8>, splitsParagraphs: Bool) {
        self.bytes = bytes
        self.splitsParagraphs = splitsParagraphs
    }

    /// The next Character or paragraph end; `nil` at the end of the text.
    mutating func next() -> Item? {
        while true {
            if readyIndex < ready.count {
                defer { readyIndex += 1 }
                return .character(ready[readyIndex])
            }
            if breakAfterReady {
                breakAfterReady = false
                return .paragraphEnd
            }
            if position >= bytes.count, pending.isEmpty { return nil }
            fill()
        }
    }

    /// Copies the next chunk's sanitized bytes after `pending` and splits off every Character
    /// that is known to be complete.
    private mutating func fill() {
        ready.removeAll(keepingCapacity: true)
        readyIndex = 0
        scratch.removeAll(keepingCapacity: true)
        let limit = max(Self.chunkBytes, pending.utf8.count)
        var endsParagraph = false
        while position < bytes.count {
            let byte = bytes[position]
            if scratch.count >= limit, byte & 0xC0 != 0x80 { break }
            work += 1
            if let breakLength = lineBreakLength(at: position) {
                position += breakLength
                endsParagraph = true
                break
            }
            position += copySanitized(at: position)
        }
        let isFinal = endsParagraph || position >= bytes.count
        if pending.utf8.allSatisfy({ $0 < 0x80 }), scratch.allSatisfy({ $0 < 0x80 }) {
            // Sanitized ASCII holds no CR LF, so each byte is a Character; only the last may
            // still join a combining mark at the start of the next chunk.
            scratch.insert(contentsOf: pending.utf8, at: 0)
            pending = ""
            work += scratch.count
            let complete = isFinal ? scratch.count : scratch.count - 1
            for byte in scratch[..<max(0, complete)] { ready.append(Character(Unicode.Scalar(byte))) }
            if complete < scratch.count, let last = scratch.last { pending = String(Unicode.Scalar(last)) }
            breakAfterReady = endsParagraph
            return
        }
        if !scratch.isEmpty { pending += String(decoding: scratch, as: UTF8.self) }
        var lastStart = pending.startIndex
        var index = pending.startIndex
        while index < pending.endIndex {
            let next = pending.index(after: index)
            work += pending.utf8.distance(from: index, to: next)
            if next == pending.endIndex, !isFinal {
                lastStart = index
                break
            }
            ready.append(Character(String(pending[index..<next])))
            index = next
            lastStart = next
        }
        pending = lastStart == pending.endIndex ? "" : String(pending[lastStart...])
        breakAfterReady = endsParagraph
    }

    /// The length of the line break starting at `offset`, or `nil` when there is none (or
    /// paragraphs are not split).
    private func lineBreakLength(at offset: Int) -> Int? {
        guard splitsParagraphs else { return nil }
        let byte = bytes[offset]
        switch byte {
        case 0x0A, 0x0B, 0x0C:
            return 1
        case 0x0D:
            return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
        case 0xC2:
            return offset + 1 < bytes.count && bytes[offset + 1] == 0x85 ? 2 : nil
        case 0xE2:
            guard offset + 2 < bytes.count, bytes[offset + 1] == 0x80 else { return nil }
            return bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9 ? 3 : nil
        default:
            return nil
        }
    }

    /// Appends the sanitized form of the byte (or two-byte C1 control) at `offset` to `scratch`
    /// and returns how many bytes it covered.
    private mutating func copySanitized(at offset: Int) -> Int {
        let byte = bytes[offset]
        if byte == 0x09 {
            scratch.append(0x20)
            return 1
        }
        if byte < 0x20 || byte == 0x7F { return 1 }
        if byte == 0xC2, offset + 1 < bytes.count, (0x80...0x9F).contains(bytes[offset + 1]) { return 2 }
        scratch.append(byte)
        return 1
    }
}
