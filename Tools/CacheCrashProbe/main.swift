// `cache-crash-probe <db-path>`: rewrites the offline cache forever, one whole generation per commit,
// so a test can SIGKILL it at any moment and check that the file holds exactly one generation.
//
// Generation k is 20 posts `g<k>-1` … `g<k>-20` whose captions, like counts and hearts encode k, with
// cursor `after-g<k>` and savedAt k seconds after the reference date. After each commit it prints k.
import FeedInterface
import Foundation
import OfflinePages

/// The page of generation `k`.
func generation(_ k: Int) -> FeedPage {
    let posts = (1...20).map { i in
        Post(
            id: PostID("g\(k)-\(i)"),
            author: Author(id: "a\(i)", name: "Author \(i)"),
            caption: "generation \(k) post \(i)",
            image: ImageRef(url: URL(string: "https://img.feed.example/g\(k)/\(i).jpg")!, width: 1080, height: 1350),
            likeCount: k * 100 + i,
            like: LikeState(k % 2 == 0)
        )
    }
    return FeedPage(posts: posts, next: Cursor("after-g\(k)"))
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: cache-crash-probe <db-path>\n".utf8))
    exit(2)
}

do {
    let cache = try await SQLiteFeedCache.open(at: URL(fileURLWithPath: path)) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    var k = 1
    while true {
        try await cache.replaceAll(with: generation(k), savedAt: Date(timeIntervalSinceReferenceDate: Double(k)))
        // An unbuffered write(2): the line is out as soon as the commit is.
        FileHandle.standardOutput.write(Data("\(k)\n".utf8))
        k += 1
    }
} catch {
    FileHandle.standardError.write(Data("cache-crash-probe: \(error)\n".utf8))
    exit(1)
}
