import Foundation

/// What the terminal said to the queries `Terminal.probe` sends: its primary device attributes
/// (DA1: sixel is attribute 4), the kitty graphics query's OK, whether a 24-bit colour set just
/// before asked back with DECRQSS came back whole, and its background colour (OSC 11).
public struct TerminalAnswers: Hashable, Sendable {
    /// The terminal answered DA1 (every terminal does; the answers before it are complete then).
    public var answered = false
    /// DA1 lists attribute 4: sixel graphics.
    public var sixel = false
    /// The kitty graphics query was answered OK.
    public var kittyGraphics = false
    /// The kitty graphics query by temporary file was answered OK: the terminal reads files this
    /// process writes (it runs on this machine), so photos go as files, not through the terminal's input.
    public var kittyFiles = false
    /// DECRQSS gave back the 24-bit colour that was set: the terminal keeps 24-bit colour.
    public var trueColor = false
    /// The background colour (OSC 11), 8 bits a channel.
    public var background: (red: UInt8, green: UInt8, blue: UInt8)? {
        get { backgroundValue.map { ($0[0], $0[1], $0[2]) } }
        set { backgroundValue = newValue.map { [$0.red, $0.green, $0.blue] } }
    }
    private var backgroundValue: [UInt8]?

    /// No answers.
    public init() {}

    /// The queries, in the order sent: kitty graphics (and, with `kittyFile`, the same by that
    /// temporary file holding one RGB pixel), a 24-bit colour asked back with DECRQSS (then
    /// reset), the background colour, and DA1 last, which every terminal answers.
    public static func query(kittyFile: String? = nil) -> String {
        let file = kittyFile.map { "\u{1B}_Gi=32,s=1,v=1,a=q,t=t,f=24;\(Data($0.utf8).base64EncodedString())\u{1B}\\" } ?? ""
        return "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + file
            + "\u{1B}[48;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[0m"
            + "\u{1B}]11;?\u{1B}\\"
            + "\u{1B}[c"
    }

    /// The answers found in `bytes` (what the terminal wrote back, any other input mixed in).
    public static func parse(_ bytes: [UInt8]) -> TerminalAnswers {
        var answers = TerminalAnswers()
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        // DA1: ESC [ ? 6 2 ; 4 ; … c
        if let range = text.range(of: "\u{1B}[?") {
            let rest = text[range.upperBound...]
            if let end = rest.firstIndex(where: { !("0"..."9").contains($0) && $0 != ";" }), rest[end] == "c" {
                answers.answered = true
                answers.sixel = rest[..<end].split(separator: ";").dropFirst().contains("4")
            }
        }
        // kitty: ESC _ G i=31 ; OK ESC \
        answers.kittyGraphics = text.contains("\u{1B}_Gi=31;OK")
        answers.kittyFiles = text.contains("\u{1B}_Gi=32;OK")
        // DECRQSS: ESC P 1 $ r … 48:2::1:2:3 or 48;2;1;2;3 … m
        if let range = text.range(of: "\u{1B}P1$r") {
            let reply = text[range.upperBound...].prefix(64)
            answers.trueColor = reply.contains("1:2:3") || reply.contains("1;2;3")
        }
        // OSC 11: ESC ] 11 ; rgb:RRRR/GGGG/BBBB (1 to 4 hex digits a channel)
        if let range = text.range(of: "\u{1B}]11;rgb:") {
            let channels = text[range.upperBound...].prefix(14).split(separator: "/", maxSplits: 2).map { $0.prefix { $0.isHexDigit } }
            let values = channels.compactMap { digits -> UInt8? in
                guard (1...4).contains(digits.count), let value = UInt32(digits, radix: 16) else { return nil }
                let top = (UInt32(1) << (4 * UInt32(digits.count))) - 1
                return UInt8((value * 255 + top / 2) / top)
            }
            if values.count == 3 { answers.background = (values[0], values[1], values[2]) }
        }
        return answers
    }
}
