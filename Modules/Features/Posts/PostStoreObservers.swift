import PostStoreInterface

/// The observers of a post store, each under a token.
@MainActor
struct PostStoreObservers {
    private var observers: [Int: @MainActor ([PostStoreChange]) -> Void] = [:]
    private var lastToken = 0

    /// No observers yet.
    init() {}

    /// How many observers there are.
    var count: Int { observers.count }

    /// Adds `onChange` and returns its token.
    mutating func add(_ onChange: @escaping @MainActor ([PostStoreChange]) -> Void) -> Int {
        lastToken += 1
        observers[lastToken] = onChange
        return lastToken
    }

    /// Removes the observer of `token`.
    mutating func remove(_ token: Int) { observers[token] = nil }

    /// Tells every observer about `change`.
    func notify(_ change: PostStoreChange) { notify([change]) }

    /// Tells every observer about `changes` together; nothing when there are none.
    func notify(_ changes: [PostStoreChange]) {
        guard !changes.isEmpty else { return }
        for observer in observers.values { observer(changes) }
    }
}
