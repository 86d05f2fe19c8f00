extension FeedViewModel {
    /// Shows the screen's own `message` (a photo opening) until it clears or another replaces it.
    func show(_ message: FeedMessage) { state.message = message }

    /// Clears `message` if it is still the one shown.
    func dismiss(_ message: FeedMessage) { if state.message == message { state.message = nil } }
}
