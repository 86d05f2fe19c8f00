import FeedInterface
import Foundation
import LikesInterface
import PluginInterface
import PostStoreInterface
import Waiting

/// `persistent-like-queue` switched on: the outbox in front of the like use case, its intents laid
/// over every post store, and its outcomes told to them.
@MainActor
final class ActiveLikeQueue: ActivePlugin {
    private let queue: OfflineLikeQueue
    private let pendingAtStart: [PendingLike]
    private let file: URL
    private let services: ServiceRegistry
    private var switchable: SwitchableLikePostUseCase?
    private var stores: [any PostStore] = []
    private var events: Task<Void, Never>?

    init(queue: OfflineLikeQueue, pending: [PendingLike], file: URL, services: ServiceRegistry) {
        self.queue = queue
        self.pendingAtStart = pending
        self.file = file
        self.services = services
    }

    deinit { events?.cancel() }

    /// The queue in front of the like use case, also offered as the app's `QueuedLikePostUseCase`:
    /// post stores find it there, whatever a later follow-up wraps the like use case in.
    func likePost(wrapping likePost: any LikePostUseCase) -> any LikePostUseCase {
        let switchable = SwitchableLikePostUseCase(queue: queue, direct: likePost)
        self.switchable = switchable
        services.offer(switchable, as: (any QueuedLikePostUseCase).self)
        return switchable
    }

    /// A page that arrives means the network is back: send what waits.
    func feed(wrapping feed: any FeedRepository) -> any FeedRepository {
        DrainingFeedRepository(feed) { [queue] in await queue.drain() }
    }

    /// Every post store starts with the likes an earlier run left and hears the later outcomes.
    func adopt(_ store: any PostStore) {
        store.restorePending(pendingAtStart)
        stores.append(store)
    }

    func start() {
        let queue = queue
        events = Task { [weak self] in
            for await event in queue.events() {
                guard let self else { return }
                for store in stores { store.apply(event) }
            }
        }
        Task { await queue.start() }
    }

    /// The reader came back: what waits is sent now.
    func returned() {
        let queue = queue
        Task { await queue.drain() }
    }

    /// Later taps go straight to the server; what is queued is still sent.
    func switchOff() { switchable?.stopQueueing() }

    func logout() async -> String? {
        do {
            try await queue.deleteAll()
            return nil
        } catch {
            return "feed: logout could not delete the likes waiting to be sent: \(error)"
        }
    }

    var openFiles: [URL] { [file] }

    func extend(_ screen: any ScreenControl) -> (any ScreenExtension)? { WaitingLikes(screen: screen) }

    func value(of field: HeadlessField) async -> String { String(await queue.count) }

    /// `pending`: the row's like waits on this device.
    func value(of field: HeadlessField, row: PostRow) -> String { row.pending ? "true" : "false" }

    /// Sends the likes that wait now and returns when none is in flight and the stores show what
    /// settled, or once `timeout` has passed (the sends go on); returns whether all that settled.
    func settle(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        let queue = queue
        guard await Deadline.waitAtMost(timeout, for: { await queue.drain() }) else { return false }
        let remaining = await queue.count
        // The outcomes reach the stores through the events stream: wait until they did.
        while stores.contains(where: { $0.pendingCount > remaining }) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    var keepsLikes: Bool { true }
}
