import TerminalUIInterface

/// Decodes terminal input bytes into keys, keeping a sequence that a read split in two until
/// the rest arrives.
///
/// A lone ESC is ambiguous (the Escape key, or the start of a sequence still on its way): it
/// stays pending until more bytes arrive or the reader calls `flush()` after a short pause. ESC
/// followed by a byte that starts no sequence (`ESC j`) is the Escape key and then that key.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes of an unfinished sequence are waiting.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes` after what was pending; returns the keys that are complete.
    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            switch parse(pending, at: index) {
            case .key(let key, let length):
                keys.append(key)
                index += length
            case .skip(let length):
                index += length
            case .incomplete:
                pending.removeFirst(index)
                return keys
            }
        }
        pending.removeAll(keepingCapacity: true)
        return keys
    }

    /// Gives up waiting for the rest of a sequence: a pending ESC becomes the Escape key and
    /// the bytes after it are decoded on their own.
    public mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        var rest = pending
        pending.removeAll()
        var keys: [Key] = []
        if rest.first == 0x1B {
            keys.append(.escape)
            rest.removeFirst()
        }
        keys += decode(rest)
        // An unfinished UTF-8 character that never finished is dropped.
        pending.removeAll()
        return keys
    }

    private enum Step {
        case key(Key, length: Int)
        case skip(length: Int)
        case incomplete
    }

    private func parse(_ bytes: [UInt8], at start: Int) -> Step {
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            return parseEscape(bytes, at: start)
        case 0x0D, 0x0A:
            return .key(.enter, length: 1)
        case 0x09:
            return .key(.tab, length: 1)
        case 0x7F, 0x08:
            return .key(.backspace, length: 1)
        case 0x01...0x1A:
            return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
        case 0x00, 0x1C...0x1F:
            return .skip(length: 1)
        case 0x20..<0x7F:
            return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default:
            return parseUTF8(bytes, at: start)
        }
    }

    private func parseEscape(_ bytes: [UInt8], at start: Int) -> Step {
        guard start + 1 < bytes.count else { return .incomplete }
        let next = bytes[start + 1]
        switch next {
        case UInt8(ascii: "["):
            return parseCSI(bytes, at: start)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .incomplete }
            let key: Key? = switch bytes[start + 2] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "P"): .function(1)
            case UInt8(ascii: "Q"): .function(2)
            case UInt8(ascii: "R"): .function(3)
            case UInt8(ascii: "S"): .function(4)
            default: nil
            }
            if let key { return .key(key, length: 3) }
            // Not a final byte of SS3 (a control or printable the reader typed after Esc O): the
            // Escape key, then what followed on its own.
            return (0x40...0x7E).contains(bytes[start + 2]) ? .skip(length: 3) : .key(.escape, length: 1)
        default:
            // Esc then a key that starts no sequence (Esc j, Esc Esc): the Escape key, then that key
            // on its own — never a lost key. Alt+key sends the same bytes and reads the same.
            return .key(.escape, length: 1)
        }
    }

    /// `ESC [ params final`: parameters are bytes 0x30–0x3F, the final byte 0x40–0x7E.
    private func parseCSI(_ bytes: [UInt8], at start: Int) -> Step {
        var index = start + 2
        var parameters = ""
        while index < bytes.count {
            let byte = bytes[index]
            if (0x40...0x7E).contains(byte) {
                let length = index - start + 1
                return csiKey(final: byte, parameters: parameters).map { .key($0, length: length) } ?? .skip(length: length)
            }
            guard (0x20...0x3F).contains(byte) else { return .skip(length: index - start) }
            parameters.append(Character(Unicode.Scalar(byte)))
            index += 1
            if index - start > 32 { return .skip(length: index - start) }
        }
        return .incomplete
    }

    private func csiKey(final: UInt8, parameters: String) -> Key? {
        let first = parameters.split(separator: ";").first.flatMap { Int($0) }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            guard let first else { return nil }
            switch first {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(first - 10)
            case 17...21: return .function(first - 11)
            case 23, 24: return .function(first - 12)
            default: return nil
            }
        default: return nil
        }
    }

    private func parseUTF8(_ bytes: [UInt8], at start: Int) -> Step {
        let lead = bytes[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .skip(length: 1)
        }
        guard start + length <= bytes.count else {
            // Only continuation bytes may follow the lead; anything else is broken input.
            for index in (start + 1)..<bytes.count where bytes[index] & 0xC0 != 0x80 { return .skip(length: 1) }
            return .incomplete
        }
        let slice = bytes[start..<start + length]
        guard let text = String(validating: slice, as: UTF8.self), let character = text.first else {
            return .skip(length: 1)
        }
        return .key(.character(character), length: length)
    }
}
