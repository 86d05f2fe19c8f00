/// How a decode to a target size relates the output to the target.
public enum ImageResize: Sendable, Hashable {
    /// Exactly the target size; the aspect ratio follows the target.
    case exact
    /// The largest size with the photo's aspect ratio that fits in the target.
    case aspectFit
}
