import PluginInterface

/// One line of the headless protocol, parsed.
enum HeadlessCommand: Equatable {
    case open
    case see(row: Int)
    case refresh
    case retry
    case tap(post: String)
    /// The file of post ID's photo at full size, fetched through the disk cache.
    case original(post: String)
    case settle(milliseconds: Int)
    case state
    case logout
    case quit
    /// A command a follow-up adds (`profile ID`, `pill`), with its argument.
    case plugin(HeadlessCommandSpec, argument: String?)
    /// Leaves the screen opened over the feed (a profile) for the feed.
    case back
    /// The feed screen leaves, as when another screen or app is in front.
    case hide
    /// The feed screen comes back.
    case show

    /// The commands, as the error line names them, with the follow-ups' `extra` ones.
    static func summary(_ extra: [HeadlessCommandSpec] = []) -> String {
        (["open", "see N", "refresh", "retry", "tap ID", "original ID", "settle [MS]", "state"] + extra.map(\.usage)
            + ["back", "hide", "show", "logout", "quit"]).joined(separator: ", ")
    }

    /// The default wait of `settle`.
    static let defaultSettleMilliseconds = 10_000

    /// Parses one line; the error text says what was wrong and names the valid commands.
    static func parse(_ line: String, extra: [HeadlessCommandSpec] = []) -> Result<HeadlessCommand, HeadlessError> {
        let summary = Self.summary(extra)
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let name = words.first else { return .failure(HeadlessError("empty command; valid commands: \(summary)")) }
        let arguments = words.dropFirst()
        func noArguments(_ command: HeadlessCommand) -> Result<HeadlessCommand, HeadlessError> {
            arguments.isEmpty ? .success(command) : .failure(HeadlessError("'\(HeadlessError.excerpt(name))' takes no argument; valid commands: \(summary)"))
        }
        switch name {
        case "open": return noArguments(.open)
        case "refresh": return noArguments(.refresh)
        case "retry": return noArguments(.retry)
        case "state": return noArguments(.state)
        case "quit": return noArguments(.quit)
        case "logout": return noArguments(.logout)
        case "back": return noArguments(.back)
        case "hide": return noArguments(.hide)
        case "show": return noArguments(.show)
        case "see":
            guard arguments.count == 1, let row = Int(arguments[arguments.startIndex]), row >= 0 else {
                return .failure(HeadlessError("'see' needs one row index (0 or more), e.g. 'see 15'; valid commands: \(summary)"))
            }
            return .success(.see(row: row))
        case "tap", "original":
            guard arguments.count == 1 else {
                return .failure(HeadlessError("'\(name)' needs one post ID, e.g. '\(name) p1'; valid commands: \(summary)"))
            }
            let post = arguments[arguments.startIndex]
            return .success(name == "tap" ? .tap(post: post) : .original(post: post))
        case "settle":
            guard arguments.count <= 1 else {
                return .failure(HeadlessError("'settle' takes at most one wait in milliseconds; valid commands: \(summary)"))
            }
            guard let text = arguments.first else { return .success(.settle(milliseconds: defaultSettleMilliseconds)) }
            guard let milliseconds = Int(text), milliseconds >= 0 else {
                return .failure(HeadlessError("'settle' needs a wait in milliseconds (0 or more), got '\(HeadlessError.excerpt(text))'; valid commands: \(summary)"))
            }
            return .success(.settle(milliseconds: milliseconds))
        case let word where extra.contains { $0.name == word }:
            // After the built-in commands: a follow-up never takes one of their names.
            let spec = extra.first { $0.name == word }!
            guard spec.words.upperBound > 0 else { return noArguments(.plugin(spec, argument: nil)) }
            guard spec.words.contains(arguments.count) else {
                if spec.takesPost { return .failure(HeadlessError("'\(word)' needs one post ID, e.g. '\(word) p1'; valid commands: \(summary)")) }
                let count = spec.words.count == 1 ? "\(spec.words.lowerBound) word\(spec.words.lowerBound == 1 ? "" : "s")" : "\(spec.words.lowerBound) to \(spec.words.upperBound) words"
                return .failure(HeadlessError("'\(word)' takes \(count): \(HeadlessError.excerpt(spec.usage)); valid commands: \(summary)"))
            }
            return .success(.plugin(spec, argument: arguments.isEmpty ? nil : arguments.joined(separator: " ")))
        default:
            return .failure(HeadlessError("unknown command '\(HeadlessError.excerpt(name))'; valid commands: \(summary)"))
        }
    }
}

/// A headless command that could not be carried out; printed as `{"error":"…"}`.
struct HeadlessError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }

    /// At most 200 characters of `text` for an error line, so a huge input is never echoed back whole.
    static func excerpt(_ text: String) -> String {
        let limit = 200
        guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), end != text.endIndex else { return text }
        return String(text[..<end]) + "…"
    }
}
