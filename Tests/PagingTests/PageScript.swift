/// One page a `PageScript` answers: item IDs in order and the next cursor (`nil`: the end).
struct ScriptedPage: Sendable {
    let ids: [String]
    let next: String?
}

/// One row of a list under test: its ID and a text that updates can change.
struct ScriptedRow: Identifiable, Equatable {
    let id: String
    var text: String
}

/// A cursor the server no longer accepts.
struct CursorExpired: Error {}

/// What a test heard, in order, a flag a call (a failure: `true` for a first page).
@MainActor
final class Tally {
    private(set) var firsts: [Bool] = []
    var count: Int { firsts.count }
    func add(_ first: Bool) { firsts.append(first) }
}

/// A page that failed.
struct TestFailure: Error {}

/// A server that answers from a script, records the cursors asked for, and holds calls until released.
actor PageScript {
    /// Answers request number `call` (1-based) for `cursor`: a page or a thrown error.
    typealias Answer = @Sendable (_ cursor: String?, _ call: Int) throws -> ScriptedPage

    private let answer: Answer
    private var held: Set<Int> = []
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

    /// The cursors asked for, in order (`nil`: the first page).
    private(set) var requests: [String?] = []

    /// A server answering with `answer`.
    init(_ answer: @escaping Answer) { self.answer = answer }

    /// A server answering `pages`: `nil` gets the first, cursor `"<i>"` gets page `i`.
    init(pages: [ScriptedPage]) {
        answer = { cursor, _ in cursor.flatMap(Int.init).map { pages[$0] } ?? pages[0] }
    }

    /// Makes request number `call` wait until `release(call:)`.
    func hold(call: Int) { held.insert(call) }

    /// Lets request number `call` answer, now or when it comes.
    func release(call: Int) {
        held.remove(call)
        waiting.removeValue(forKey: call)?.resume()
    }

    /// The page after `cursor`, as the script says.
    func fetch(_ cursor: String?) async throws -> ScriptedPage {
        requests.append(cursor)
        let call = requests.count
        if held.contains(call) { await withCheckedContinuation { waiting[call] = $0 } }
        return try answer(cursor, call)
    }
}
