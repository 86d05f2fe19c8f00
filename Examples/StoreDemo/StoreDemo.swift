import FeedInterface
import FeedTesting
import Foundation
import LikesInterface
import LikesTesting
import Posts
import OfflinePages

/// `store-demo`: the store feature built and run on its own. Saved pages (`OfflinePages`) in a real SQLite
/// file in a temporary directory, read back after the file is opened again, and the one post store
/// (`Posts`) that two screens read; prints each step and exits.
@main
enum StoreDemo {
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        exit(await run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the demo with `arguments`; returns the exit status.
    @MainActor
    static func run(_ arguments: [String]) async -> Int32 {
        let options: StoreDemoOptions
        do {
            guard let parsed = try StoreDemoOptions.parse(arguments) else {
                print(StoreDemoOptions.usage)
                return 0
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(Data("store-demo: \(error.message)\n".utf8))
            return 2
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-demo-\(UUID().uuidString)", isDirectory: true)
        defer { if !options.keep { try? FileManager.default.removeItem(at: directory) } }
        let file = directory.appendingPathComponent("feed.sqlite")
        let warn: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("store-demo: \($0)\n".utf8)) }
        print("store-demo: saved pages (OfflinePages) and the one post store (Posts), on their own")
        let pages = FeedFixtures.pages(count: options.pages, pageSize: options.pageSize)
        do {
            var results = [try await save(pages, file: file, warn: warn), try await readBack(pages, file: file, warn: warn)]
            let settled = await sharedPostStore(pages[0])
            results.append(settled != nil)
            if let settled { results.append(try await saveSettledLike(settled, file: file, warn: warn)) }
            let expected = results.filter { $0 }.count
            print("store-demo: \(expected) of \(results.count) steps came out as expected")
            return expected == results.count ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("store-demo: the saved pages could not be opened at \(file.path): \(error)\n".utf8))
            return 1
        }
    }

    /// Saves the first page as the feed and appends the others: the cache keeps its first pages only.
    private static func save(_ pages: [FeedPage], file: URL, warn: @escaping @Sendable (String) -> Void) async throws -> Bool {
        print("1. saved pages: \(file.path)")
        let saved = try await withCache(file, warn: warn) { cache in
            try await cache.replaceAll(with: pages[0], savedAt: Date())
            for page in pages.dropFirst() { try await cache.append(page, savedAt: Date()) }
            return try await cache.load()?.posts.map(\.id) ?? []
        }
        let kept = pages.prefix(SQLiteFeedCache.pageCap)
        let beyond = pages.count == kept.count + 1 ? "page \(pages.count) is" : "pages \(kept.count + 1)–\(pages.count) are"
        let past = pages.count > kept.count ? "; \(beyond) past the cap of \(SQLiteFeedCache.pageCap) pages and not saved" : ""
        let arrived = pages.count == 1 ? "1 page of \(pages[0].posts.count) arrived and" : "\(pages.count) pages of \(pages[0].posts.count) arrived: page 1"
        print("   \(arrived) replaced the saved feed\(pages.count > 1 ? ", the others were appended" : "")\(past)")
        return saved == kept.flatMap(\.posts).map(\.id) || report("saved \(saved.count) posts")
    }

    /// Opens the file again, as the next start would, and reads the feed back.
    private static func readBack(_ pages: [FeedPage], file: URL, warn: @escaping @Sendable (String) -> Void) async throws -> Bool {
        let kept = pages.prefix(SQLiteFeedCache.pageCap)
        let loaded = try await withCache(file, warn: warn) { try await $0.load() }
        let ids = loaded?.posts.map(\.id) ?? []
        let next = loaded?.next.map { "the next page at cursor \($0.rawValue)" } ?? "no page after them"
        print("2. read back from the file opened again: \(ids.count) posts, \(ids.first?.rawValue ?? "-")…\(ids.last?.rawValue ?? "-"), \(next)")
        return ids == kept.flatMap(\.posts).map(\.id) && loaded?.next == kept.last?.next
            || report("read back \(ids.count) posts, next \(String(describing: loaded?.next))")
    }

    /// Two screens hold the first page in one post store: a like shows on both at once, and a refused
    /// one rolls back on both. Returns what the server settled for p1 (what may be saved), `nil` when
    /// a step did not come out as expected.
    @MainActor
    private static func sharedPostStore(_ page: FeedPage) async -> (post: PostID, result: LikeResult)? {
        let likes = FakeLikePostUseCase()
        let store = InMemoryPostStore(likePost: likes)
        var shown: [String: [PostID: String]] = ["A": [:], "B": [:]]
        var settled: [PostID: LikeResult] = [:]
        for screen in ["A", "B"] {
            _ = store.receive(page.posts, requestedAt: store.stamp())
            _ = store.addObserver { changes in
                for change in changes {
                    shown[screen]?[change.id] = heart(liked: change.like.isLiked, count: change.likeCount)
                    if let result = change.settled { settled[change.id] = result }
                }
            }
        }
        print("3. one post store (InMemoryPostStore), screens A and B both hold page 1")
        let (first, second) = (page.posts[0].id, page.posts[1].id)
        func both(_ id: PostID) -> String { "A \(shown["A"]?[id] ?? "-"), B \(shown["B"]?[id] ?? "-")" }

        guard let like = store.toggleLike(first) else { return fail("\(first.rawValue) could not be tapped") }
        let atOnce = both(first)
        await likes.waitForCalls(1)
        await likes.answer(call: 1, with: .saved(LikeResult(liked: true, likeCount: 11)))
        _ = await like.value
        print("   like \(first.rawValue): \(atOnce) at once; the server saved it: \(both(first))")
        guard shown["A"]?[first] == "♥ 11", shown["B"]?[first] == "♥ 11", let result = settled[first] else {
            return fail("\(first.rawValue) shows \(both(first))")
        }

        guard let refused = store.toggleLike(second) else { return fail("\(second.rawValue) could not be tapped") }
        let refusedAtOnce = both(second)
        await likes.waitForCalls(2)
        await likes.answer(call: 2, with: .failed(serverState: nil))
        _ = await refused.value
        print("   like \(second.rawValue): \(refusedAtOnce) at once; the server refused it: back to \(both(second))")
        guard shown["A"]?[second] == "♡ 10", shown["B"]?[second] == "♡ 10" else { return fail("\(second.rawValue) shows \(both(second))") }
        return (first, result)
    }

    /// Saves the settled like into the file and reads it back from the file opened again.
    private static func saveSettledLike(_ like: (post: PostID, result: LikeResult), file: URL, warn: @escaping @Sendable (String) -> Void) async throws -> Bool {
        try await withCache(file, warn: warn) { try await $0.updateLikes([like.post: like.result]) }
        let post = try await withCache(file, warn: warn) { try await $0.load()?.posts.first { $0.id == like.post } }
        print("4. the settled like saved: \(like.post.rawValue) \(heart(liked: post?.like.isLiked, count: post?.likeCount ?? 0)) read back from the file")
        return post?.like == .liked && post?.likeCount == like.result.likeCount || report("\(like.post.rawValue) read back as \(String(describing: post))")
    }

    /// Runs `body` on the cache at `file` opened anew, then closes it (also when `body` throws):
    /// the last close removes the write-ahead log, so the demo's folder can go at once.
    private static func withCache<Value: Sendable>(
        _ file: URL, warn: @escaping @Sendable (String) -> Void, _ body: (SQLiteFeedCache) async throws -> Value
    ) async throws -> Value {
        let cache = try await SQLiteFeedCache.open(at: file, warn: warn)
        do {
            let value = try await body(cache)
            await cache.close()
            return value
        } catch {
            await cache.close()
            throw error
        }
    }

    /// `♥ 11`, `♡ 10`, or `? 10` while the heart is unknown.
    private static func heart(liked: Bool?, count: Int) -> String {
        "\(liked.map { $0 ? "♥" : "♡" } ?? "?") \(count)"
    }

    /// Prints why a step did not come out as expected, on stderr; returns `false`.
    private static func report(_ problem: String) -> Bool {
        FileHandle.standardError.write(Data("store-demo: not as expected: \(problem)\n".utf8))
        return false
    }

    /// As `report`, for a step that returns a value; returns `nil`.
    private static func fail<T>(_ problem: String) -> T? {
        _ = report(problem)
        return nil
    }
}
