import FeedInterface
import Foundation
import LikesInterface
import PostStoreInterface
import TelemetryInterface
import TerminalUIInterface

/// The app-scoped services the host shares with a follow-up when its flag is on. Built once per
/// process by the host; a follow-up keeps what it needs and builds its own parts from it.
@MainActor
public struct PluginContext {
    /// The likes of the signed-in user on the server.
    public let likes: any LikesRepository
    /// An author's posts with their hearts, newest first (what a profile pages through).
    public let authorPosts: (Author) -> any FeedRepository
    /// How many posts are newer than a given one (the feed API's new-count).
    public let newPosts: any NewPostsCounter
    /// What every follow-up adds to a screen a follow-up opens (a profile), in the list's order.
    public let extensions: (any ScreenControl) -> [any ScreenExtension]
    /// A new post store over the app's like use case (what a screen's hearts come from).
    public let makePostStore: () -> any PostStore
    /// Where the follow-up keeps its files for this user and server.
    public let files: PluginFiles
    /// The value of one of the follow-up's integer options (its default when not given).
    public let option: (PluginOption) -> Int
    /// The value of one of the follow-up's options as written (a choice or text; its default when not given).
    public let optionText: (PluginOption) -> String
    /// `--ascii`: screens draw in ASCII.
    public let ascii: Bool
    /// The block symbols photos are drawn with in cells (`--symbols`).
    public let symbols: BlockSymbols
    /// The background screens pick their colours for (`--theme`).
    public let background: TerminalBackground
    /// Writes one line to stderr (held while the screen is up); also tracked as an error of the follow-up's team.
    public let warn: @Sendable (String) -> Void
    /// Newer-post counts pushed by one follow-up to those that show them.
    public let newPostsRelay: any NewPostsRelay
    /// Reads the server's flags now (a kill switch it turned off applies at once).
    public let refreshFlags: @MainActor () -> Void
    /// Tracks the follow-up's events as its owning team's (events it declares itself, `TelemetryEvent(name:properties:)`).
    public let telemetry: TelemetryTracker
    /// Opens a post's photo in the system's viewer (`o` on a screen a follow-up opens); `nil`: not offered.
    public let photoOpener: (any PhotoOpener)?
    /// The services follow-ups offer each other and the host, by type (e.g. a like queue as
    /// `QueuedLikePostUseCase`); the host offers the app's platform services there too: the one
    /// HTTP client as `any HTTPClient` (Networking) and photo loaders as `ImageRowLoaders<PostID>` (ImagePipeline).
    public let services: any ServiceRegistry
    /// The pipeline every post passes before a screen shows it: a follow-up adds its filters here.
    public let postPipeline: any PostPipeline
    /// Tells the follow-up when another `feed` process on the same data directory changed a file it watches.
    public let fileChanges: any FileChanges

    /// Creates the context; the host does this once.
    public init(
        likes: any LikesRepository, authorPosts: @escaping (Author) -> any FeedRepository,
        newPosts: any NewPostsCounter,
        extensions: @escaping (any ScreenControl) -> [any ScreenExtension], makePostStore: @escaping () -> any PostStore, files: PluginFiles, option: @escaping (PluginOption) -> Int,
        ascii: Bool, symbols: BlockSymbols = .half, background: TerminalBackground = .dark,
        warn: @escaping @Sendable (String) -> Void,
        newPostsRelay: any NewPostsRelay, refreshFlags: @escaping @MainActor () -> Void = {},
        telemetry: TelemetryTracker = .none, photoOpener: (any PhotoOpener)? = nil, services: any ServiceRegistry,
        postPipeline: any PostPipeline, fileChanges: any FileChanges, optionText: @escaping (PluginOption) -> String = { $0.defaultText }
    ) {
        self.likes = likes
        self.authorPosts = authorPosts
        self.newPosts = newPosts
        self.extensions = extensions
        self.makePostStore = makePostStore
        self.files = files
        self.option = option
        self.ascii = ascii
        self.symbols = symbols
        self.background = background
        self.warn = warn
        self.newPostsRelay = newPostsRelay
        self.refreshFlags = refreshFlags
        self.telemetry = telemetry
        self.photoOpener = photoOpener
        self.services = services
        self.postPipeline = postPipeline
        self.fileChanges = fileChanges
        self.optionText = optionText
    }
}
