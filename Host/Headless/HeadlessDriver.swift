import Feed
import FeedInterface
import Foundation
import ImagePipeline
import Profile

/// The scripting driver: one command a line in, one JSON object a line out, per command.
/// `see` and `tap` act on the screen shown: the feed, or a profile opened over it.
@MainActor
final class HeadlessDriver {
    private let feed: FeedViewModel
    private let write: (String) -> Bool
    private let makeProfile: ((Author) -> ProfileViewModel?)?
    private let poller: NewPostsPoller?
    private let logout: () async -> Void
    private let queuedLikes: () async -> Int
    private let tapsRecorded: () async -> Void
    private let drainLikes: (Duration) async -> Void
    private let waitsForLikesOnQuit: Bool
    private var profile: ProfileViewModel?
    private let photos: HeadlessPhotos?
    /// Profiles left while a like of theirs was in flight: `settle` and `quit` still wait for them.
    private var leaving: [ProfileViewModel] = []

    /// A driver over the feed's view model. `write` writes one line and returns `false` when stdout
    /// is closed (the session ends); `makeProfile` builds a profile (`nil`: `shared-post-store` is
    /// off); `photos` loads the photos of the rows on the screen shown; `logout` forgets everything
    /// of the user; `tapsRecorded` returns once every tap is recorded by the like use case.
    init(
        feed: FeedViewModel, write: @escaping (String) -> Bool, makeProfile: ((Author) -> ProfileViewModel?)? = nil,
        poller: NewPostsPoller? = nil, photos: ImagePipeline? = nil, logout: @escaping () async -> Void = {},
        queuedLikes: @escaping () async -> Int = { 0 }, tapsRecorded: @escaping () async -> Void = {},
        drainLikes: @escaping (Duration) async -> Void = { _ in },
        waitsForLikesOnQuit: Bool = true
    ) {
        self.queuedLikes = queuedLikes
        self.tapsRecorded = tapsRecorded
        self.drainLikes = drainLikes
        self.waitsForLikesOnQuit = waitsForLikesOnQuit
        self.feed = feed
        self.poller = poller
        self.photos = photos.map(HeadlessPhotos.init)
        self.write = write
        self.makeProfile = makeProfile
        self.logout = logout
    }

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
        let rows = profile?.viewState.rows ?? feed.viewState.rows
        switch command {
        case .open:
            feed.onAppear()
        case .see(let row):
            guard rows.indices.contains(row) else {
                return error("row \(row) is out of range: \(rows.count) rows are shown (0…\(max(0, rows.count - 1)))")
            }
            if let profile { profile.rowAppeared(rows[row].id) } else { feed.rowAppeared(rows[row].id) }
            photos?.see(row)
        case .refresh:
            feed.refresh()
        case .retry:
            if let profile { profile.retry() } else { feed.retry() }
        case .tap(let post):
            let id = PostID(post)
            guard rows.contains(where: { $0.id == id }) else {
                return error("unknown post '\(HeadlessError.excerpt(post))': it is not among the \(rows.count) rows shown")
            }
            let sent = if let profile { profile.toggleLike(id) } else { feed.toggleLike(id) }
            // A tap is answered once it is recorded: with the queue, once it survives a crash.
            if sent != nil { await tapsRecorded() }
        case .profile(let post):
            guard let row = rows.first(where: { $0.id == PostID(post) }) else {
                return error("unknown post '\(HeadlessError.excerpt(post))': it is not among the \(rows.count) rows shown")
            }
            guard let opened = makeProfile?(Author(id: row.authorID, name: row.author)) else {
                return error("profiles are part of shared-post-store, which is off; run with --enable shared-post-store")
            }
            leaveProfile()
            opened.onAppear()
            profile = opened
            photos?.see(0)
            poller?.setVisible(false)
        case .back:
            leaveProfile()
            photos?.see(0)
        case .pill:
            guard feed.viewState.pill != nil else { return error("there is no pill: no newer posts are known") }
            leaveProfile()
            feed.refresh()
            photos?.see(0)
        case .hide:
            poller?.setVisible(false)
        case .show:
            poller?.setVisible(profile == nil)
        case .settle(let milliseconds):
            let settled = await waitUntilIdle(timeout: .milliseconds(milliseconds))
            return await state(extra: [("settled", settled ? "true" : "false")])
        case .logout:
            leaveProfile()
            await logout()
        case .state, .quit:
            break
        }
        return await state()
    }

    private func state(extra: [(String, String)] = []) async -> String {
        let shown = profile?.viewState.rows ?? feed.viewState.rows
        photos?.update(shown)
        let queued = await queuedLikes()
        return StateJSON.encode(
            feed.viewState, profile: profile.map { ($0.author, $0.viewState) }, photos: photos, queued: queued, extra: extra)
    }

    /// Leaves the profile, if one is open, for the feed.
    func leaveProfile() {
        guard let profile else { return }
        profile.close()
        if !profile.isIdle { leaving.append(profile) }
        self.profile = nil
        poller?.setVisible(true)
    }

    /// Waits until no screen, open or left, has a page or a like in flight, and the likes that wait
    /// on this device were just sent (`persistent-like-queue`).
    private func waitUntilIdle(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        for screen in [profile].compactMap({ $0 }) + leaving {
            guard await screen.waitUntilIdle(timeout: max(.zero, deadline - ContinuousClock.now)) else { return false }
        }
        leaving.removeAll { $0.isIdle }
        guard await feed.waitUntilIdle(timeout: max(.zero, deadline - ContinuousClock.now)) else { return false }
        await drainLikes(max(.zero, deadline - ContinuousClock.now))
        return true
    }

    private func error(_ message: String) -> String {
        JSONWriter.object([("error", JSONWriter.quoted("\(message); valid commands: \(HeadlessCommand.summary)"))])
    }

    /// Gives likes already sent a short while to land before the process ends; with the queue
    /// they wait in the outbox instead, so quitting does not wait.
    private func finish() async {
        guard waitsForLikesOnQuit else { return }
        _ = await waitUntilIdle(timeout: .seconds(3))
    }
}
