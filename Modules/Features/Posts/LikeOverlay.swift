/// What a store shows for one post while its like is unsettled: the wanted heart, and the
/// server's heart and count before the taps (to roll back to when nobody answered).
struct LikeOverlay: Sendable {
    /// The heart the user wants now.
    var wanted: Bool
    /// Whether the server held the post as liked before the taps (or in the latest page).
    var serverLiked: Bool
    /// The count the server gave with `serverLiked`.
    var serverCount: Int
    /// The number of the latest tap; only its outcome may settle the heart.
    var latestTap: Int
    /// Saved on this device and not yet on the server (`persistent-like-queue`).
    var pending = false

    /// The count to show for the wanted heart: the server's, moved by one if the heart differs.
    var shownCount: Int {
        if wanted == serverLiked { return serverCount }
        return wanted ? (serverCount == Int.max ? serverCount : serverCount + 1) : max(0, serverCount - 1)
    }
}
