import FeedInterface
import Foundation
import PluginInterface

/// `mute-authors`: `m` mutes the selected post's author, and their posts leave every screen at
/// once without moving the reader (through the post pipeline); the muted authors are kept on this
/// device and never show again: not in the feed, the saved feed at launch or a profile.
public struct MuteAuthorsPlugin: FeaturePlugin {
    /// `mute AUTHOR_ID`: mutes an author.
    static let mute = HeadlessCommandSpec(name: "mute", usage: "mute AUTHOR_ID", words: 1...1)
    /// `unmute AUTHOR_ID`: unmutes an author.
    static let unmute = HeadlessCommandSpec(name: "unmute", usage: "unmute AUTHOR_ID", words: 1...1)
    /// `"muted": ["u3"]`, the muted authors oldest first (`[]` while the follow-up is off).
    static let muted = HeadlessField(name: "muted", whenOff: "[]")

    /// The plugin value the host lists.
    public init() {}

    public var flag: PluginFlag {
        PluginFlag(key: "mute-authors", owner: "feed", description: "m mutes the selected post's author: their posts leave every screen")
    }

    public var headlessCommands: [HeadlessCommandSpec] { [Self.mute, Self.unmute] }

    public var headlessFields: [HeadlessField] { [Self.muted] }

    /// The list, its lock, and what a write that died before its rename left beside it.
    public func files(_ files: PluginFiles) -> [URL] {
        let list = Self.file(files)
        return [list, MutedAuthorsFile.lock(list)] + MutedAuthorsFile.leftovers(list)
    }

    /// The muted authors of a user and server: state, not a cache (only this device has them).
    public static func file(_ files: PluginFiles) -> URL { files.state("muted", "json") }

    public func activate(_ context: PluginContext) async -> any ActivePlugin {
        let active = Self.activate(file: Self.file(context.files), pipeline: context.postPipeline, warn: context.warn)
        active.watch(context.fileChanges)
        return active
    }

    /// Reads the list at `file` (an unusable one is said once and moved aside: nobody is muted)
    /// and adds it to `pipeline`'s filters.
    static func activate(file: URL, pipeline: (any PostPipeline)?, warn: @escaping @Sendable (String) -> Void) -> ActiveMuteAuthors {
        var authors: [String] = []
        var keptAt: URL? = file
        switch MutedAuthorsFile.read(file) {
        case .missing:
            break
        case .read(let list):
            authors = list
        case .unusable(let reason):
            let moved: String
            do {
                moved = "it was moved aside to \(try MutedAuthorsFile.moveAside(file).path)"
            } catch {
                moved = "it could not be moved aside (\(error)) and is replaced at the next mute"
            }
            warn("feed: the muted authors in \(file.path) could not be read: \(reason); \(moved), and no author is muted now")
        case .refused(let reason):
            keptAt = nil
            warn("feed: muted authors are not kept on this device this run: \(reason); check --data-dir")
        }
        let list = MuteList(authors)
        pipeline?.add(list)
        return ActiveMuteAuthors(list: list, file: keptAt, pipeline: pipeline, warn: warn)
    }
}
