/// The APIs the reference server answers (`feed serve --api`): this workspace's feed API
/// (`/v1/…`), the Mastodon dialect (`/api/v1/…`), or both; the photos are served either way.
public enum ServedAPI: String, Sendable, CaseIterable {
    case both, feed, mastodon

    /// Whether `route` is answered.
    func serves(_ route: FeedRoute) -> Bool {
        switch (self, route) {
        case (.both, _), (_, .photo): true
        case (.feed, .mastodon): false
        case (.feed, _): true
        case (.mastodon, .mastodon): true
        case (.mastodon, _): false
        }
    }
}
