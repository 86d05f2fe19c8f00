@testable import FeedChaos
import Testing

/// Invariant 10 on hand-made states: a row the reader is on below the top may not vanish, but a
/// command that goes to the top may replace it, and the top itself is free.
@Suite struct ReaderKeepsRowsTests {
    private func state(_ ids: [String], anchor: String?) -> ClientState {
        var state = ClientState()
        state.rows = ids.map { ClientState.Row(id: $0, likes: "1 like", heart: "liked", pending: false) }
        state.anchor = anchor
        return state
    }

    let checker = InvariantChecker(flags: .allOn)
    let sixty = (1...60).map { "p\($0)" }
    let twenty = (1...20).map { "p\($0)" }

    @Test func theRowTheReaderIsOnVanishingBelowTheTopIsInvariantTen() {
        let found = checker.readerKeepsRows(before: state(sixty, anchor: "p46"), after: state(twenty, anchor: "p1"), command: "settle").findings
        #expect(found.map(\.invariant) == [.readerKeepsRows])
        #expect(found.first?.posts == ["p46"])
    }

    @Test func theTopACommandThatGoesThereAndAKeptRowAreFine() {
        #expect(checker.readerKeepsRows(before: state(sixty, anchor: "p46"), after: state(sixty, anchor: "p46"), command: "settle").findings.isEmpty)
        #expect(checker.readerKeepsRows(before: state(sixty, anchor: "p1"), after: state(twenty, anchor: "p1"), command: "settle").findings.isEmpty)
        for command in ["refresh", "pill", "open", "logout"] {
            #expect(checker.readerKeepsRows(before: state(sixty, anchor: "p46"), after: state(twenty, anchor: "p1"), command: command).findings.isEmpty)
        }
        #expect(checker.readerKeepsRows(before: state(sixty, anchor: nil), after: state(twenty, anchor: nil), command: "retry").findings.isEmpty)
    }
}
