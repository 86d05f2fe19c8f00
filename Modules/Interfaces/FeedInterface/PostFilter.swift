/// A follow-up's say in which posts the screens show (e.g. posts of muted authors are not).
@MainActor
public protocol PostFilter: AnyObject {
    /// Whether screens show `post`.
    func keeps(_ post: Post) -> Bool
}
