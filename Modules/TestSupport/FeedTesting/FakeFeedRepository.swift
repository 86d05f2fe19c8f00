import FeedInterface
import TestingSupport

/// A `FeedRepository` that answers from a script and records every request.
public actor FakeFeedRepository: FeedRepository {
    /// Answers one request: a page, or a thrown error.
    public typealias Script = @Sendable (_ cursor: Cursor?, _ call: Int) async throws -> FeedPage

    private var script: Script
    private var gates: [Int: Gate] = [:]
    private let counter = CallCounter()

    /// The cursors asked for, in order (`nil` = the first page).
    public private(set) var requests: [Cursor?] = []

    /// Answers with `pages`: `nil` gets the first, cursor `c<i>` gets page `i`.
    public init(pages: [FeedPage]) {
        script = { cursor, _ in
            guard let cursor else { return pages[0] }
            guard cursor.rawValue.hasPrefix("c"), let index = Int(cursor.rawValue.dropFirst()), pages.indices.contains(index) else {
                throw FakeError(message: "unknown cursor \(cursor)")
            }
            return pages[index]
        }
    }

    /// Answers with a script of your own.
    public init(script: @escaping Script) {
        self.script = script
    }

    /// Replaces the script for later requests.
    public func setScript(_ script: @escaping Script) {
        self.script = script
    }

    /// Makes request number `call` (1-based) wait until the returned gate opens.
    public func hold(call: Int) -> Gate {
        let gate = Gate()
        gates[call] = gate
        return gate
    }

    /// Suspends until `count` requests arrived.
    public func waitForRequests(_ count: Int) async {
        await counter.wait(for: count)
    }

    public func posts(after cursor: Cursor?) async throws -> FeedPage {
        requests.append(cursor)
        let call = requests.count
        let script = script
        await counter.increment()
        if let gate = gates[call] { await gate.wait() }
        return try await script(cursor, call)
    }
}
