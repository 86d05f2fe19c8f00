/// Which API the server speaks (`--api`): this workspace's feed API, or the Mastodon API
/// (Mastodon, Pixelfed, GoToSocial…); `auto` asks the server at start.
enum ServerAPI: String, Equatable, CaseIterable {
    case feed, mastodon, auto
}
