import Foundation
import ImageCodec
import Testing

@testable import ImagePipeline

@Suite("ImagePipeline parts: Cache-Control, the LRU index, the file format, photo URLs")
struct UnitTests {
    @Test("Cache-Control and ETag are read defensively")
    func cachePolicy() {
        let policy = CachePolicy(headers: ["cache-control": "public, max-age=600, immutable", "etag": "\"abc\""])
        #expect(policy == CachePolicy(maxAge: 600, immutable: true, etag: "\"abc\""))
        #expect(CachePolicy(headers: ["cache-control": "max-age=\"30\""]).maxAge == 30)
        #expect(CachePolicy(headers: ["cache-control": "max-age=600, max-age=5"]).maxAge == 5, "conflicts: the smallest")
        #expect(CachePolicy(headers: ["cache-control": "max-age=99999999999999999999"]).maxAge == nil, "too many digits")
        #expect(CachePolicy(headers: ["cache-control": "max-age=999999999"]).maxAge == CachePolicy.maxAgeLimit)
        #expect(CachePolicy(headers: ["cache-control": "max-age=-1"]).maxAge == nil)
        #expect(CachePolicy(headers: ["cache-control": "NO-STORE"]).noStore)
        #expect(CachePolicy(headers: ["cache-control": "no-cache"]).noCache)
        #expect(CachePolicy(headers: ["etag": "\"a\r\nX-Injected: 1\""]).etag == nil)
        #expect(CachePolicy(headers: ["etag": String(repeating: "a", count: 300)]).etag == nil)
        #expect(CachePolicy(headers: ["etag": "W/\"weak\""]).etag == "W/\"weak\"")
        for hostile in ["=", "max-age=60,=", ",,", " = ", "=60"] {
            #expect(CachePolicy(headers: ["cache-control": hostile]).noStore == false, "empty directives are skipped: \(hostile)")
        }
    }

    @Test("freshness: max-age from the time stored, immutable for ever, no-cache never; worth storing")
    func freshness() {
        let stored = Date(timeIntervalSince1970: 1_000_000)
        let minute = CachePolicy(maxAge: 60)
        #expect(minute.isFresh(storedAt: stored, now: stored + 59))
        #expect(!minute.isFresh(storedAt: stored, now: stored + 60))
        #expect(minute.isFresh(storedAt: stored, now: stored - 3600), "a clock that went back counts as age 0")
        #expect(CachePolicy(immutable: true).isFresh(storedAt: stored, now: stored + 1e9))
        #expect(!CachePolicy(maxAge: 60, immutable: true, noCache: true).isFresh(storedAt: stored, now: stored))
        #expect(!CachePolicy().isFresh(storedAt: stored, now: stored))
        #expect(!CachePolicy().isWorthStoring && !CachePolicy(maxAge: 0).isWorthStoring)
        #expect(CachePolicy(etag: "\"x\"").isWorthStoring && minute.isWorthStoring)
        #expect(!CachePolicy(maxAge: 60, noStore: true, etag: "\"x\"").isWorthStoring)
    }

    @Test("the LRU index keeps use order and total cost")
    func lruIndex() {
        var index = LRUIndex<String, Int>()
        index.insert(1, for: "a", cost: 10)
        index.insert(2, for: "b", cost: 20)
        index.insert(3, for: "c", cost: 30)
        #expect(index.keysOldestFirst == ["a", "b", "c"] && index.totalCost == 60)
        #expect(index.value(for: "a") == 1)
        #expect(index.keysOldestFirst == ["b", "c", "a"])
        #expect(index.peek("b") == 2 && index.keysOldestFirst == ["b", "c", "a"])
        index.insert(4, for: "c", cost: 5)
        #expect(index.keysOldestFirst == ["b", "a", "c"] && index.totalCost == 35 && index.count == 3)
        #expect(index.removeOldest()?.key == "b")
        #expect(index.remove("c") == 4 && index.keysOldestFirst == ["a"] && index.totalCost == 10)
        index.insert(5, for: "d", cost: 1)
        #expect(index.keysOldestFirst == ["a", "d"])
        index.removeAll()
        #expect(index.count == 0 && index.removeOldest() == nil)
    }

    @Test("a photo address with user:password@ is kept on disk without them, and finds the same file")
    func diskEntryDropsCredentials() throws {
        let secret = URL(string: "https://alice:hunter2@cdn.example/p/1.jpg?w=300")!
        let entry = DiskEntry(url: secret, storedAt: Date(), policy: CachePolicy(maxAge: 60), body: Data([1, 2, 3]))
        let data = try #require(entry.encoded())
        #expect(!String(decoding: data, as: UTF8.self).contains("hunter2"), "the password never reaches the file")
        #expect(!String(decoding: data, as: UTF8.self).contains("alice"))
        #expect(entry.url == URL(string: "https://cdn.example/p/1.jpg?w=300")!)
        #expect(DiskEntry.fileName(for: secret) == DiskEntry.fileName(for: entry.url))
    }

    @Test("a disk entry round-trips; anything malformed reads as absent")
    func diskEntryFormat() throws {
        let url = URL(string: "https://cdn.example/p/1.jpg?w=300")!
        let entry = DiskEntry(url: url, storedAt: Date(timeIntervalSince1970: 1234.5), policy: CachePolicy(maxAge: 60, etag: "\"e\""), body: Data([1, 2, 3]))
        let data = try #require(entry.encoded())
        #expect(DiskEntry(decoding: data) == entry)
        for cut in [0, 4, 11, 12, 30, data.count - 3] {
            #expect(DiskEntry(decoding: data.prefix(cut)) == nil, "cut at \(cut)")
        }
        var wrongLength = [UInt8](data)
        wrongLength[8] = 0xFF
        #expect(DiskEntry(decoding: Data(wrongLength)) == nil)
        var badJSON = [UInt8](data)
        badJSON[13] = 0x00
        #expect(DiskEntry(decoding: Data(badJSON)) == nil)
        #expect(DiskEntry(url: URL(string: "https://x/" + String(repeating: "a", count: 20_000))!, storedAt: Date(), policy: CachePolicy(), body: Data([1])).encoded() == nil)
        let name = DiskEntry.fileName(for: url)
        #expect(DiskEntry.isEntryName(name) && name.count == 20)
        #expect(!DiskEntry.isEntryName("../../etc/passwd") && !DiskEntry.isEntryName(".tmp-1") && !DiskEntry.isEntryName("ABCDEF0123456789.img"))
    }

    @Test("photo URLs ask for the first standard width at least as wide as the box")
    func photoURL() {
        let url = URL(string: "http://127.0.0.1:8080/v1/photos/p1.jpg?w=2000&x=1")!
        #expect(PhotoURL.sized(url, pixelWidth: 70).absoluteString == "http://127.0.0.1:8080/v1/photos/p1.jpg?x=1&w=150")
        #expect(PhotoURL.sized(url, pixelWidth: 600).query == "x=1&w=600")
        #expect(PhotoURL.sized(url, pixelWidth: 5000).query == "x=1&w=1080")
    }

    @Test("the smallest rendition at least the box's width is chosen, the widest when none is, ?w= when none is usable")
    func renditionChoice() {
        let url = URL(string: "http://127.0.0.1:8080/v1/photos/p1.jpg")!
        func rendition(_ width: Int, _ address: String? = nil) -> PhotoRendition {
            PhotoRendition(width: width, url: URL(string: address ?? "http://cdn.test/p1-\(width).jpg")!)
        }
        let offered = [rendition(1080), rendition(320), rendition(640), rendition(160)]
        #expect(PhotoURL.chosen(pixelWidth: 300, renditions: offered, fallback: url).absoluteString == "http://cdn.test/p1-320.jpg")
        #expect(PhotoURL.chosen(pixelWidth: 320, renditions: offered, fallback: url).absoluteString == "http://cdn.test/p1-320.jpg")
        #expect(PhotoURL.chosen(pixelWidth: 321, renditions: offered, fallback: url).absoluteString == "http://cdn.test/p1-640.jpg")
        #expect(PhotoURL.chosen(pixelWidth: 1, renditions: offered, fallback: url).absoluteString == "http://cdn.test/p1-160.jpg")
        #expect(PhotoURL.chosen(pixelWidth: 5000, renditions: offered, fallback: url).absoluteString == "http://cdn.test/p1-1080.jpg")
        #expect(PhotoURL.chosen(pixelWidth: 308, renditions: [], fallback: url).query == "w=600")
        // A rendition with no width or an address that is not http(s) is never chosen.
        let hostile = [rendition(0), rendition(-5), rendition(400, "file:///etc/passwd")]
        #expect(PhotoURL.chosen(pixelWidth: 308, renditions: hostile, fallback: url).query == "w=600")
        #expect(PhotoURL.chosen(pixelWidth: 308, renditions: hostile + [rendition(200)], fallback: url).absoluteString == "http://cdn.test/p1-200.jpg")
    }

    @Test("a box is downloaded at four pixels for each of its own")
    func downloadWidth() {
        #expect(PhotoURL.downloadWidth(forBox: 77) == 308)
        #expect(PhotoURL.downloadWidth(forBox: 0) == PhotoURL.oversampling)
        #expect(PhotoURL.downloadWidth(forBox: Int.max) == (1 << 20) * PhotoURL.oversampling)
    }

    @Test("the disk cache lives under XDG_CACHE_HOME, else ~/.cache; relative paths are ignored")
    func defaultDirectory() {
        func path(_ environment: [String: String]) -> String? {
            ImagePipelineConfiguration.defaultDiskDirectory(environment: environment)?.path
        }
        #expect(path(["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]) == "/x/cache/feed/images")
        #expect(path(["XDG_CACHE_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.cache/feed/images")
        #expect(path(["HOME": "/home/a"]) == "/home/a/.cache/feed/images")
        #expect(path([:]) == nil && path(["HOME": "nope"]) == nil)
    }

    @Test("a file in the cache folder dated past 2262, or at any time at all, is listed without a trap")
    func filesWithTimesAtTheEdges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-times-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let directory = try CacheDirectory.openOrCreate(folder.path)
        for (name, seconds) in [("future", Int(Int32.max) * 8), ("past", -1_000_000_000), ("now", 1_700_000_000)] {
            let file = folder.appendingPathComponent(name)
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            _ = utimensat(AT_FDCWD, file.path, &times, 0)
        }
        let listed = directory.list(limit: 10)
        #expect(listed.count == 3)
        #expect(listed.allSatisfy { $0.modified >= 0 })
    }
}
