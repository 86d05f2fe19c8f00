import ImageCodec

/// Where a row's photo stands.
public enum ImageRowState: Hashable, Sendable {
    /// Asked for; the row shows its placeholder.
    case loading
    /// Decoded at the row's size.
    case ready(RGBImage)
    /// It could not be shown; the row keeps its placeholder. A transient failure is tried again
    /// while the row stays wanted (backing off); any other until the row leaves and comes back.
    case failed(ImageLoadError)
}
