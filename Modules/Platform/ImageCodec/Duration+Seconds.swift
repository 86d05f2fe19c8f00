extension Duration {
    /// The duration in seconds, as the C shims' CPU budgets take it.
    var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
