import FeedInterface
import Foundation
import ImagePipeline
import PluginInterface
import PostScreenKit
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `o`: a post's photo in the system's image viewer. The photo at full size
/// (`PhotoURL.original`) comes through the photo pipeline's disk cache into a private file
/// (`ImagePipeline.originalFile`), then `$FEED_VIEWER` opens it — a shell command line, run as
/// `sh -c '$FEED_VIEWER "$1"' sh FILE`, so the file's path is one argument no shell ever parses —
/// or else `xdg-open` found on `PATH`. The viewer runs detached (`DetachedProcess`). One that
/// fails at once (not found, cannot run, exits non-zero within `grace`) is one line on the
/// screen; one still running then, or done with status 0, opened the photo.
final class SystemPhotoViewer: PhotoOpener {
    /// The line shown when there is no viewer to run.
    static let noViewer = "No photo viewer: set FEED_VIEWER or install xdg-open"

    private let environment: [String: String]
    private let grace: Duration
    private let makePipeline: @Sendable () -> ImagePipeline
    private let pipeline = Mutex<ImagePipeline?>(nil)

    /// A viewer run with `environment` (its `FEED_VIEWER` and `PATH`); `pipeline` makes the photo
    /// pipeline at the first photo opened (the app's own, or one for opening only with `--photos off`).
    init(environment: [String: String], grace: Duration = .seconds(1), pipeline: @escaping @Sendable () -> ImagePipeline) {
        // The viewer (a browser, perhaps) never inherits the Mastodon token.
        self.environment = environment.filter { $0.key != "FEED_TOKEN" }
        self.grace = grace
        self.makePipeline = pipeline
    }

    func open(_ row: PostRow) async -> String? {
        // Nothing is downloaded for a viewer that is not there.
        guard let viewer = viewer() else { return Self.noViewer }
        let file: URL
        do {
            file = try await originalFile(of: row)
        } catch {
            return Self.line(for: error)
        }
        let name = viewer.name
        let process: DetachedProcess
        do {
            process = try DetachedProcess.spawn(viewer.executable, arguments: viewer.arguments + [file.path], environment: environment)
        } catch {
            return "Couldn't start \(name): \(error)"
        }
        switch await process.ending(within: grace) {
        case nil, .exited(0)?: return nil
        case .exited(127)?: return "\(name): command not found"
        case .exited(126)?: return "\(name): the command cannot run"
        case .exited(3)? where name == "xdg-open": return "xdg-open found no program for photos (exit 3)"
        case .exited(let status)?: return "\(name) could not open the photo (exit \(status))"
        case .signaled(let signal)?: return "\(name) ended at once (signal \(signal))"
        }
    }

    /// The file of `row`'s photo at full size, fetched through the disk cache.
    func originalFile(of row: PostRow) async throws(ImageLoadError) -> URL {
        guard let url = PostPhoto.originalURL(of: row) else { throw ImageLoadError.invalidRequest("a text post has no photo") }
        let pipeline = pipeline.withLock { made in
            if let made { return made }
            let new = makePipeline()
            made = new
            return new
        }
        return try await pipeline.originalFile(for: url)
    }

    /// What runs to show a file, given as the last argument: `FEED_VIEWER` through `/bin/sh`
    /// (the file is `$1`), else `xdg-open` from `PATH`; `nil` when there is neither.
    func viewer() -> (executable: String, arguments: [String], name: String)? {
        if let viewer = environment["FEED_VIEWER"], !viewer.trimmingCharacters(in: .whitespaces).isEmpty {
            return ("/bin/sh", ["sh", "-c", viewer + " \"$1\"", "sh"], "FEED_VIEWER")
        }
        guard let xdgOpen = Self.find("xdg-open", path: environment["PATH"] ?? "") else { return nil }
        return (xdgOpen, ["xdg-open"], "xdg-open")
    }

    /// The first executable regular file `name` in the absolute directories of `path`.
    static func find(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":").map(String.init) where directory.hasPrefix("/") {
            let candidate = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// One line for the screen on why the photo's file could not be had.
    static func line(for error: ImageLoadError) -> String {
        switch error {
        case .network(.status(let code, _)): "Couldn't download the photo: the server answered \(code)"
        case .network(let error): "Couldn't download the photo: \(error)"
        case .tooLarge(let limit): "The photo is larger than \(limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit) bytes"): not opened"
        case .undecodable: "The photo is not a JPEG or PNG: not opened"
        case .notStored(let reason): "Couldn't keep the photo: \(reason)"
        case .cancelled: "The photo was not opened: cancelled"
        case .invalidRequest(let reason): "Couldn't open the photo: \(reason)"
        case .decoderBusy: "Couldn't open the photo: \(error)"
        }
    }
}
