import EndToEndTesting
import FeedServer
import Foundation
import Testing
import TestingSupport

/// `mute-authors` end to end: a muted author's rows leave the screens without moving the reader,
/// never come back (the feed, the saved feed at launch, a profile), and the other follow-ups go on.
@Suite(.heavy) struct MutedAuthorsEndToEndTests {
    private static func authorID(_ row: [String: Any]) -> String? { row["authorID"] as? String }
    private static func authors(_ state: [String: Any]) -> Set<String> { Set(Headless.rows(state).compactMap(authorID)) }
    private static func muted(_ state: [String: Any]) -> [String]? { state["muted"] as? [String] }

    @Test func rowsAboveAndBelowTheReaderGoWithoutMovingItAndItsOwnRowGivesWayToTheNext() async throws {
        let server = try TestServer()
        let feed = try server.headless(.only("mute-authors"))
        _ = try await feed.send("open")
        let loaded = try await feed.send("settle")
        let rows = Headless.rows(loaded)
        try #require(rows.count >= 20)
        let reader = 10
        let anchorID = try #require(rows[reader]["id"] as? String)
        let anchorAuthor = try #require(Self.authorID(rows[reader]))
        _ = try await feed.send("see \(reader)")
        // One author from above the reader and one from below, neither the reader's own.
        let above = try #require(rows[..<reader].compactMap(Self.authorID).first { $0 != anchorAuthor })
        let below = try #require(rows[(reader + 1)...].compactMap(Self.authorID).first { $0 != anchorAuthor && $0 != above })
        for author in [above, below] {
            let state = try await feed.send("mute \(author)")
            #expect(!Self.authors(state).contains(author), "every row of \(author) is gone at once")
            #expect(state["anchor"] as? String == anchorID, "the reader stays on \(anchorID)")
            #expect(Headless.row(state, id: anchorID) != nil)
        }
        let before = try await feed.send("state")
        #expect(Self.muted(before) == [above, below])
        // The reader's own author: the reader reads on from the next row kept.
        let kept = Headless.rows(before)
        let at = try #require(kept.firstIndex { $0["id"] as? String == anchorID })
        let next = kept[(at + 1)...].first { Self.authorID($0) != anchorAuthor } ?? kept[..<at].last { Self.authorID($0) != anchorAuthor }
        let state = try await feed.send("mute \(anchorAuthor)")
        #expect(!Self.authors(state).contains(anchorAuthor))
        #expect(state["anchor"] as? String == next?["id"] as? String, "the row after the reader's takes its place")
        #expect(try await feed.finish() == 0)
    }

    @Test func mutedAuthorsStayMutedAfterARestartAndNeverShowInTheSavedFeedAtLaunch() async throws {
        let server = try TestServer()
        let arguments = ["--headless", "--server", server.url, "--enable", "mute-authors", "--enable", "offline-pages", "--fresh-for", "0",
            "--data-dir", TemporaryDirectory.make().path]
        let first = try FeedProcess(arguments)
        _ = try await first.send("open")
        let loaded = try await first.send("settle")
        let author = try #require(Headless.rows(loaded).first.flatMap(Self.authorID))
        let muted = try await first.send("mute \(author)")
        #expect(Self.muted(muted) == [author])
        #expect(!Self.authors(muted).isEmpty && !Self.authors(muted).contains(author))
        #expect(try await first.finish() == 0)

        let again = try FeedProcess(arguments)
        let opened = try await again.send("open")
        #expect(Self.muted(opened) == [author], "the list is read back from disk")
        #expect(!Headless.rows(opened).isEmpty, "the saved feed shows at once")
        #expect(!Self.authors(opened).contains(author), "the saved rows pass the filter at launch")
        let settled = try await again.send("settle")
        #expect(!Self.authors(settled).isEmpty && !Self.authors(settled).contains(author), "so do the pages from the server")
        let unmuted = try await again.send("unmute \(author)")
        #expect(Self.muted(unmuted) == [])
        #expect(try await again.finish() == 0)
    }

    @Test func aMutedAuthorsProfileEmptiesAndTheirPostsLeaveTheFeedBehindIt() async throws {
        let server = try TestServer()
        let feed = try server.headless(FlagMode(name: "mute-authors with profiles", flags: ["mute-authors", "shared-post-store"]))
        _ = try await feed.send("open")
        let loaded = try await feed.send("settle")
        let row = try #require(Headless.rows(loaded).first)
        let (post, author) = (try #require(row["id"] as? String), try #require(Self.authorID(row)))
        _ = try await feed.send("profile \(post)")
        let profile = try await feed.send("settle")
        let shown = (profile["profile"] as? [String: Any]).map(Headless.rows) ?? []
        #expect(!shown.isEmpty && shown.allSatisfy { Self.authorID($0) == author })
        let muted = try await feed.send("mute \(author)")
        #expect((muted["profile"] as? [String: Any]).map(Headless.rows)?.isEmpty == true, "the profile's rows go at once")
        #expect(!Self.authors(muted).contains(author), "and the feed's behind it")
        let back = try await feed.send("back")
        #expect(!Self.authors(back).isEmpty && !Self.authors(back).contains(author))
        #expect(try await feed.finish() == 0)
    }

    @Test func withTheFlagOffTheStateSaysNobodyIsMutedAndMuteSaysHowToSwitchItOn() async throws {
        let server = try TestServer()
        let feed = try server.headless(.off)
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(Self.muted(state) == [])
        #expect(!Headless.rows(state).isEmpty && Headless.rows(state).allSatisfy { $0["authorID"] is String }, "each row's authorID (what mute takes) is built in")
        let answer = try await feed.send("mute u1")
        #expect((answer["error"] as? String)?.contains("'mute' is part of mute-authors, which is off; run with --enable mute-authors") == true, "\(answer)")
        #expect(try await feed.finish() == 0)
    }

    @Test func withEveryFollowUpOnALikeQueuedOfflineOnAMutedAuthorsPostStillWaitsAndIsSent() async throws {
        let server = try TestServer()
        let feed = try server.headless(.everything)
        let (_, row, id) = try await Headless.openOnANotLikedPost(feed)
        let author = try #require(Self.authorID(row))
        server.server.stop()
        _ = try await feed.send("tap \(id)")
        let queued = try await feed.send("settle")
        #expect(queued["queued"] as? Int == 1)
        let muted = try await feed.send("mute \(author)")
        #expect(!Self.authors(muted).contains(author))
        #expect(muted["queued"] as? Int == 1, "muting hides the post, not the like waiting on it")
        _ = try server.server.start()
        let settled = try await feed.send("settle")
        #expect(settled["queued"] as? Int == 0)
        #expect(server.server.likeState(of: id)?.liked == true, "the like reached the server")
        #expect(try await feed.finish() == 0)
    }
}
