import Feed
import FeedInterface
import Foundation

/// The scripting driver: one command a line in, one JSON object a line out, per command.
@MainActor
struct HeadlessDriver {
    let model: FeedViewModel
    /// Writes one line; `false` when stdout is closed, which ends the session.
    let write: (String) -> Bool
    /// Forgets everything of the user: the screen's rows, the stores and the files.
    var logout: () async -> Void = {}

    /// Runs commands until `quit` or the end of input.
    func run(_ lines: some AsyncSequence<String, Never>) async {
        for await line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let written: Bool
            switch HeadlessCommand.parse(trimmed) {
            case .failure(let error):
                written = write(JSONWriter.object([("error", JSONWriter.quoted(error.message))]))
            case .success(.quit):
                await finish()
                return
            case .success(let command):
                written = write(await perform(command))
            }
            // Nobody reads the answers any more: end cleanly, as at the end of input.
            if !written { break }
        }
        await finish()
    }

    /// Carries out one command and returns the line to print.
    func perform(_ command: HeadlessCommand) async -> String {
        switch command {
        case .open:
            model.onAppear()
        case .see(let row):
            let rows = model.viewState.rows
            guard rows.indices.contains(row) else {
                return error("row \(row) is out of range: \(rows.count) rows are shown (0…\(max(0, rows.count - 1)))")
            }
            model.rowAppeared(rows[row].id)
        case .refresh:
            model.refresh()
        case .retry:
            model.retry()
        case .tap(let post):
            let id = PostID(post)
            guard model.viewState.rows.contains(where: { $0.id == id }) else {
                return error("unknown post '\(HeadlessError.excerpt(post))': it is not among the \(model.viewState.rows.count) rows shown")
            }
            model.toggleLike(id)
        case .settle(let milliseconds):
            let settled = await model.waitUntilIdle(timeout: .milliseconds(milliseconds))
            return StateJSON.encode(model.viewState, extra: [("settled", settled ? "true" : "false")])
        case .logout:
            await logout()
        case .state, .quit:
            break
        }
        return StateJSON.encode(model.viewState)
    }

    private func error(_ message: String) -> String {
        JSONWriter.object([("error", JSONWriter.quoted("\(message); valid commands: \(HeadlessCommand.summary)"))])
    }

    /// Gives likes already sent a short while to land before the process ends.
    private func finish() async {
        _ = await model.waitUntilIdle(timeout: .seconds(3))
    }
}
