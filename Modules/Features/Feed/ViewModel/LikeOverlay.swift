/// What the screen shows for one post while its like is unsettled: the wanted heart laid over
/// every page, and the heart before the taps for a rollback nobody answered.
struct LikeOverlay {
    /// The heart the user wants now.
    var wanted: Bool
    /// Whether the server held the post as liked before the taps (or in the latest page).
    var serverLiked: Bool
    /// The count the server gave with `serverLiked`.
    var serverCount: Int
    /// The number of the latest tap; only its outcome may settle the heart.
    var latestTap: Int

    /// The count to show for the wanted heart: the server's, moved by one if the heart differs.
    var shownCount: Int {
        if wanted == serverLiked { return serverCount }
        return max(0, serverCount + (wanted ? 1 : -1))
    }
}
