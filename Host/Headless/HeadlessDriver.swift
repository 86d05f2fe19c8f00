import Feed
import FeedInterface
import FeatureFlags
import Foundation
import ImagePipeline
import PluginInterface

/// The scripting driver: one command a line in, one JSON object a line out, per command.
/// `see` and `tap` act on the screen shown: the feed, or a screen a follow-up opened over it.
@MainActor
final class HeadlessDriver: HeadlessControl {
    /// What the driver needs of the app besides the feed's view model.
    struct App {
        /// The follow-ups built into the app: their commands and fields are known, on or off.
        var plugins: [any FeaturePlugin] = []
        /// The follow-ups whose flag is on.
        var active: [(key: FlagKey, plugin: any ActivePlugin)] = []
        /// What the follow-ups add to the feed screen.
        var extensions: [(key: FlagKey, extension: any ScreenExtension)] = []
        /// Loads the photos of the rows on the screen shown; `nil` with `--photos off`.
        var photos: ImagePipeline?
        /// Forgets everything of the user.
        var logout: () async -> Void = {}
        /// Returns once every tap is recorded by the like use case.
        var tapsRecorded: () async -> Void = {}
        /// Waits until what the follow-ups keep in flight has landed, by a deadline; whether it did.
        var settle: (Duration) async -> Bool = { _ in true }
        /// Whether quitting waits a moment for likes in flight.
        var waitsForLikesOnQuit = true
        /// The reader came back (`show`): stale feeds revalidate, follow-ups catch up.
        var returned: () -> Void = {}
        /// Saves the reader's place (quit); returns once written.
        var savePlaces: () async -> Void = {}
        /// The file of a row's photo at full size, through the disk cache (`original ID`).
        var originalFile: (PostRow) async throws(ImageLoadError) -> URL = { _ throws(ImageLoadError) in throw .notStored("no photo files here") }
    }

    private let model: FeedViewModel
    private let write: (String) -> Bool
    private let app: App
    private let photos: HeadlessPhotos?
    private let extraCommands: [HeadlessCommandSpec]
    /// The screen over the feed.
    private let stack: ScreenStack<any HeadlessScreen>
    /// The follow-up whose command runs now.
    private var performing: FlagKey?
    /// Screens left while a like of theirs was in flight: `settle` and `quit` still wait for them.
    private var leaving: [any HeadlessScreen] = []

    /// A driver over the feed's view model. `write` writes one line and returns `false` when stdout
    /// is closed (the session ends).
    init(feed: FeedViewModel, write: @escaping (String) -> Bool, app: App = App()) {
        self.model = feed
        self.write = write
        self.app = app
        self.photos = app.photos.map(HeadlessPhotos.init)
        extraCommands = app.plugins.flatMap { $0.headlessCommands }
        stack = ScreenStack(extensions: app.extensions.map(\.extension), appear: { $0.appear() }, leave: { $0.leave() })
    }

    /// The screen shown over the feed, if any.
    private var shown: (any HeadlessScreen)? { stack.top }

    var feed: any ScreenControl { model }

    var rows: [PostRow] { shown?.rows ?? model.viewState.rows }

    /// Runs commands until `quit` or the end of input.
    func run(_ lines: some AsyncSequence<String, Never>) async {
        for await line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let written: Bool
            switch HeadlessCommand.parse(trimmed, extra: extraCommands) {
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
        let rows = rows
        switch command {
        case .open:
            model.onAppear()
        case .see(let row):
            guard rows.indices.contains(row) else {
                return error("row \(row) is out of range: \(rows.count) rows are shown (0…\(max(0, rows.count - 1)))")
            }
            if let shown {
                shown.see(rows[row].id)
            } else {
                // The reader is at that row: a revalidation below the top never removes it.
                model.readerMoved(to: FeedPlace(post: rows[row].id))
                model.rowAppeared(rows[row].id)
            }
            photos?.see(row)
        case .refresh:
            model.refresh()
        case .retry:
            if let shown { shown.retryFailed() } else { model.retry() }
        case .tap(let post):
            let id = PostID(post)
            guard rows.contains(where: { $0.id == id }) else {
                return error("unknown post '\(HeadlessError.excerpt(post))': it is not among the \(rows.count) rows shown")
            }
            let sent = if let shown { shown.tap(id) } else { model.toggleLike(id) }
            // A tap is answered once it is recorded: with the queue, once it survives a crash.
            if sent != nil { await app.tapsRecorded() }
        case .original(let post):
            guard let row = rows.first(where: { $0.id == PostID(post) }) else {
                return error("unknown post '\(HeadlessError.excerpt(post))': it is not among the \(rows.count) rows shown")
            }
            do {
                let file = try await app.originalFile(row)
                return await state(extra: [("original", JSONWriter.quoted(file.path))])
            } catch {
                return self.error("the photo of \(HeadlessError.excerpt(post)) could not be had: \(error)")
            }
        case .plugin(let spec, let argument):
            guard let owner = app.plugins.first(where: { $0.headlessCommands.contains(spec) }) else { break }
            guard let active = app.active.first(where: { $0.key.rawValue == owner.flag.key })?.plugin else {
                return error("'\(spec.name)' is part of \(owner.flag.key), which is off; run with --enable \(owner.flag.key)")
            }
            performing = FlagKey(owner.flag.key)
            defer { performing = nil }
            if let problem = await active.perform(spec, argument: argument, on: self) { return error(problem) }
        case .back:
            leaveScreen()
            photos?.see(0)
        case .hide:
            stack.setShown(false)
        case .show:
            stack.setShown(true)
            app.returned()
        case .settle(let milliseconds):
            let settled = await waitUntilIdle(timeout: .milliseconds(milliseconds))
            return await state(extra: [("settled", settled ? "true" : "false")])
        case .logout:
            leaveScreen()
            await app.logout()
        case .state, .quit:
            break
        }
        return await state()
    }

    func present(_ screen: any HeadlessScreen) {
        let left = shown
        stack.open(screen, owner: performing)
        keepIfBusy(left)
        photos?.see(0)
    }

    /// Leaves the screen opened over the feed, if any, for the feed.
    func leaveScreen() {
        let left = shown
        stack.close()
        keepIfBusy(left)
    }

    /// The server switched `key` off: a screen that follow-up opened closes.
    func switchedOff(_ key: FlagKey) {
        if stack.owner == key { leaveScreen() }
    }

    /// A screen left with a page or a like in flight: `settle` and `quit` still wait for it.
    private func keepIfBusy(_ screen: (any HeadlessScreen)?) {
        if let screen, !screen.isIdle { leaving.append(screen) }
    }

    func refreshFeedFromTop() {
        leaveScreen()
        model.refresh()
        photos?.see(0)
    }

    private func state(extra: [(String, String)] = []) async -> String {
        photos?.update(rows)
        // The feed and the screen over it as the command left them, taken together: a page or a
        // likes read that lands while the follow-ups' fields are read shows in the next answer, and
        // never on one screen of this answer but not the other.
        let feedState = model.viewState
        // Each follow-up's row fields: its value while on, else the value it declared for off.
        let perRow = app.plugins.flatMap { plugin in
            let active = app.active.first { $0.key.rawValue == plugin.flag.key }?.plugin
            return plugin.headlessRowFields.map { (field: $0, active: active) }
        }
        let rowFields: (PostRow) -> [(String, String)] = { row in
            perRow.map { ($0.field.name, $0.active?.value(of: $0.field, row: row) ?? $0.field.whenOff) }
        }
        let screen = shown.map { (name: $0.name, json: StateJSON.encode($0, photos: photos, rowFields: rowFields)) }
        var fields: [(String, String)] = []
        for plugin in app.plugins {
            let active = app.active.first { $0.key.rawValue == plugin.flag.key }?.plugin
            for field in plugin.headlessFields {
                fields.append((field.name, await active?.value(of: field) ?? field.whenOff))
            }
        }
        return StateJSON.encode(feedState, screen: screen, photos: photos, fields: fields, rowFields: rowFields, extra: extra)
    }

    /// Waits until no screen, open or left, has a page or a like in flight, and what the
    /// follow-ups keep in flight landed.
    private func waitUntilIdle(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        for screen in [shown].compactMap({ $0 }) + leaving {
            guard await screen.waitUntilIdle(timeout: max(.zero, deadline - ContinuousClock.now)) else { return false }
        }
        leaving.removeAll { $0.isIdle }
        guard await model.waitUntilIdle(timeout: max(.zero, deadline - ContinuousClock.now)) else { return false }
        return await app.settle(max(.zero, deadline - ContinuousClock.now))
    }

    private func error(_ message: String) -> String {
        JSONWriter.object([("error", JSONWriter.quoted("\(message); valid commands: \(HeadlessCommand.summary(extraCommands))"))])
    }

    /// Gives likes already sent a short while to land before the process ends; when a follow-up
    /// keeps them on this device, quitting does not wait.
    private func finish() async {
        await app.savePlaces()
        guard app.waitsForLikesOnQuit else { return }
        _ = await waitUntilIdle(timeout: .seconds(3))
    }
}
