/// Makes a photo loader for one screen's rows (each screen cancels its own rows' loads): what the
/// host offers follow-ups that open screens with photos; `loader()` is `nil` where photos are off.
@MainActor
public struct ImageRowLoaders<Row: Hashable & Sendable> {
    private let make: @MainActor () -> ImageRowLoader<Row>?

    /// Loaders made by `make`.
    public init(_ make: @escaping @MainActor () -> ImageRowLoader<Row>?) {
        self.make = make
    }

    /// A new loader for one screen, or `nil` with `--photos off` or where photos cannot be drawn.
    public func loader() -> ImageRowLoader<Row>? { make() }
}
