import ImageCodec

/// Where a row's photo stands.
public enum ImageRowState: Hashable, Sendable {
    /// Asked for; the row shows its placeholder.
    case loading
    /// Decoded at the row's size.
    case ready(RGBImage)
    /// It could not be shown; the row keeps its placeholder until it leaves and comes back.
    case failed(ImageLoadError)
}
