import Foundation

/// One JSON line of `feed --headless`, as far as the invariants read it.
struct ClientState: Decodable, Sendable {
    /// One row on a screen.
    struct Row: Decodable, Sendable, Equatable {
        var id: String
        var likes: String
        var heart: String
        var pending: Bool
        var caption: String?
        /// `none`, `loading`, `loaded` or `failed` (absent from older builds).
        var photo: String?

        /// The count in `likes` ("1,234 likes", "1 like"); nil when it holds no number.
        var likeCount: Int? { Self.count(in: likes) }

        /// The heart as a Bool; nil for `unknown`.
        var liked: Bool? {
            switch heart {
            case "liked": true
            case "notLiked": false
            default: nil
            }
        }

        static func count(in text: String) -> Int? {
            let digits = text.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
            return digits.isEmpty ? nil : Int(digits)
        }
    }

    /// The open profile.
    struct Profile: Decodable, Sendable {
        struct Author: Decodable, Sendable { var id: String; var name: String }
        var author: Author
        var rows: [Row]
        var initialLoad: String
        var pagination: String
        var message: String?
    }

    /// The new-posts pill.
    struct Pill: Decodable, Sendable { var count: Int }

    var rows: [Row] = []
    var initialLoad = ""
    var pagination = ""
    var refreshing = false
    var message: String?
    var banner: String?
    var screen = "feed"
    var queued = 0
    var pill: Pill?
    var profile: Profile?
    var settled: Bool?
    /// The post the feed screen is positioned on (absent from older builds).
    var anchor: String?
    /// Set instead of everything else when the command was refused.
    var error: String?

    enum CodingKeys: String, CodingKey {
        case rows, initialLoad, pagination, refreshing, message, banner, screen, queued, pill, profile, settled, error, anchor
    }

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        error = try c.decodeIfPresent(String.self, forKey: .error)
        rows = try c.decodeIfPresent([Row].self, forKey: .rows) ?? []
        initialLoad = try c.decodeIfPresent(String.self, forKey: .initialLoad) ?? ""
        pagination = try c.decodeIfPresent(String.self, forKey: .pagination) ?? ""
        refreshing = try c.decodeIfPresent(Bool.self, forKey: .refreshing) ?? false
        message = try c.decodeIfPresent(String.self, forKey: .message)
        banner = try c.decodeIfPresent(String.self, forKey: .banner)
        screen = try c.decodeIfPresent(String.self, forKey: .screen) ?? "feed"
        queued = try c.decodeIfPresent(Int.self, forKey: .queued) ?? 0
        pill = try c.decodeIfPresent(Pill.self, forKey: .pill)
        profile = try c.decodeIfPresent(Profile.self, forKey: .profile)
        settled = try c.decodeIfPresent(Bool.self, forKey: .settled)
        anchor = try c.decodeIfPresent(String.self, forKey: .anchor)
    }

    /// Parses one line; nil when it is not a JSON object of this shape.
    static func parse(_ line: String) -> ClientState? {
        try? JSONDecoder().decode(ClientState.self, from: Data(line.utf8))
    }

    /// The rows of the screen shown: the profile's while one is open.
    var shownRows: [Row] { profile?.rows ?? rows }

    /// Each screen with its rows, for checks that look at both.
    var screens: [(name: String, rows: [Row])] {
        [("feed", rows)] + (profile.map { [("profile", $0.rows)] } ?? [])
    }
}
