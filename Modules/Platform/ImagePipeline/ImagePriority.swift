/// How soon a photo is wanted: on screen now, or about to be.
public enum ImagePriority: Int, Comparable, Hashable, Sendable {
    /// A row just below the screen: loaded when no visible photo waits.
    case prefetch = 0
    /// A row on screen.
    case visible = 1

    public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
