import FeedInterface
import ImagePipeline
import PluginInterface
import PostStoreInterface
import ProfileInterface

/// `shared-post-store` switched on: the one post store, and profiles opened over the feed.
@MainActor
final class ActiveSharedPostStore: ActivePlugin {
    private let context: PluginContext
    private lazy var store: any PostStore = context.makePostStore()
    private(set) var switchedOff = false
    /// The profile screen the last `openProfile` made, until the key that asked for it opens it.
    private var opened: ProfileScreen?

    init(context: PluginContext) {
        self.context = context
    }

    /// Every screen gets the same store, so a like on one shows on all.
    func postStore() -> (any PostStore)? { store }

    func switchOff() { switchedOff = true }

    /// Enter opens a profile from the feed, through this plugin's `openProfile`; a profile opens no further profile.
    func extend(_ screen: any ScreenControl) -> (any ScreenExtension)? {
        guard screen.place == .feed else { return nil }
        return ProfileOpener(opening: self, isOn: { [self] in !switchedOff }, opened: { [self] in takeOpened() })
    }

    /// The screen the last request made, handed over once.
    private func takeOpened() -> ProfileScreen? {
        defer { opened = nil }
        return opened
    }

    /// A profile of `author` over the app's store; `nil` once the server switched profiles off.
    func makeProfile(of author: Author) -> ProfileViewModel? {
        guard !switchedOff else { return nil }
        return ProfileViewModel(author: author, repository: context.authorPosts(author), posts: store, pipeline: context.postPipeline)
    }

    /// The profile screen of `author`, selecting `post`.
    func makeProfileScreen(of author: Author, selecting post: PostID) -> ProfileScreen? {
        makeProfile(of: author).map { model in
            ProfileScreen(
                model: model, selecting: post, extensions: context.extensions(model), photos: context.services.service(ImageRowLoaders<PostID>.self)?.loader(), photoOpener: context.photoOpener,
                ascii: context.ascii, symbols: context.symbols, background: context.background)
        }
    }

    func perform(_ command: HeadlessCommandSpec, argument: String?, on driver: any HeadlessControl) async -> String? {
        let rows = driver.rows
        guard let row = rows.first(where: { $0.id == PostID(argument ?? "") }) else {
            return "unknown post '\(Self.excerpt(argument ?? ""))': it is not among the \(rows.count) rows shown"
        }
        guard let profile = makeProfile(of: Author(id: row.authorID, name: row.author)) else {
            return "the server switched shared-post-store off: profiles do not open any more"
        }
        driver.present(profile)
        return nil
    }

    /// At most 200 characters of `text`, so a huge input is never echoed back whole.
    private static func excerpt(_ text: String) -> String {
        text.count <= 200 ? text : String(text.prefix(200)) + "…"
    }
}

extension ActiveSharedPostStore: ProfileOpening {
    /// Makes the profile screen of `author` selecting `post`, for the key that asked to open it; nothing once switched off.
    func openProfile(of author: Author, from post: PostID) {
        opened = makeProfileScreen(of: author, selecting: post)
    }
}
