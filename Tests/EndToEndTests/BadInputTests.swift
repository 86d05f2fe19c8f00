import EndToEndTesting
import FeedServer
import Foundation
import ProcessTesting
import Testing
import TestingSupport

/// Every mistake a user can make gets one clear line, and nothing crashes.
@Suite(.heavy) struct BadInputTests {
    @Test func anUnknownFlagExitsTwoAndListsTheKnownKeys() async throws {
        let feed = try FeedProcess(["--headless", "--enable", "dark-mode"])
        #expect(try await feed.waitForExit() == 2)
        let errors = await feed.errorOutput()
        let build = BuildFlags.current
        #expect(BuildFlags.currentProblem == nil, "\(BuildFlags.currentProblem ?? "")")
        #expect(!build.keys.contains("dark-mode"))
        #expect(errors == ["feed: unknown flag 'dark-mode'; \(build.knownKeysPhrase)"])
    }

    @Test func anUnknownOptionIsAUsageError() async throws {
        let feed = try FeedProcess(["--headles"])
        #expect(try await feed.waitForExit() == 2)
        #expect(await feed.errorOutput() == ["feed: unknown option '--headles'; see `feed --help`"])
    }

    @Test func anUnknownGraphicsModeIsAUsageErrorThatNamesTheModes() async throws {
        let feed = try FeedProcess(["--headless", "--graphics", "ascii-art"])
        #expect(try await feed.waitForExit() == 2)
        let errors = await feed.errorOutput()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("--graphics") == true && errors.first?.contains("auto, kitty, sixel or blocks") == true, "got \(errors)")
    }

    @Test func anUnknownSymbolSetIsAUsageErrorThatNamesTheSets() async throws {
        let feed = try FeedProcess(["--headless", "--symbols", "braille"])
        #expect(try await feed.waitForExit() == 2)
        let errors = await feed.errorOutput()
        #expect(errors.count == 1)
        #expect(errors.first?.contains("--symbols") == true && errors.first?.contains("auto, half, quadrant or sextant") == true, "got \(errors)")
    }

    @Test(arguments: ["htp:/nowhere", "127.0.0.1:8080", "http://", "http://host/path?x=1"])
    func aMalformedServerURLIsAUsageError(url: String) async throws {
        let feed = try FeedProcess(["--headless", "--server", url])
        #expect(try await feed.waitForExit() == 2)
        let errors = await feed.errorOutput()
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("feed: --server: invalid URL") == true, "got \(errors)")
    }

    @Test func badCommandsAnswerAnErrorAndTheSessionGoesOn() async throws {
        let server = try TestServer()
        let feed = try server.headless()
        // The commands come from the build (its plugins add theirs): `feed --help` lists them.
        let help = try FeedProcess(["--help"])
        #expect(try await help.waitForExit() == 0)
        let output = await help.remainingOutput()
        let heading = try #require(output.firstIndex { $0 == "Headless commands:" }, "\(output)")
        let listed = try #require(output.dropFirst(heading + 1).first).trimmingCharacters(in: .whitespaces)
        let valid = "valid commands: " + listed
        #expect(valid.hasPrefix("valid commands: open, see N, refresh, retry, tap ID, original ID, settle [MS], state, "))
        #expect(valid.hasSuffix("back, hide, show, logout, quit"))
        let unknown = try await feed.send("jump")
        #expect(unknown["error"] as? String == "unknown command 'jump'; \(valid)")
        _ = try await feed.send("open")
        _ = try await feed.send("settle")
        for command in ["see", "see x", "see -1", "see 20", "tap", "tap nope", "original", "original p1 p2", "original nope", "settle soon", "state now"] {
            let answer = try await feed.send(command)
            let error = try #require(answer["error"] as? String, "'\(command)' is an error")
            #expect(error.hasSuffix(valid))
        }
        let state = try await feed.send("state")
        #expect(Headless.rows(state).count == 20)
        #expect(try await feed.finish() == 0)
    }

    @Test func anUnreachableServerFailsTheFirstPageAndRetryWorksOnceItIsUp() async throws {
        // A port bound but not listening refuses connections, and no parallel test can take it.
        let reserved = try ReservedPort()
        let port = reserved.port
        let feed = try FeedProcess(["--headless", "--server", "http://127.0.0.1:\(port)"])
        _ = try await feed.send("open")
        let failed = try await feed.send("settle")
        #expect(failed["initialLoad"] as? String == "failed")
        let message = try #require(failed["message"] as? String)
        #expect(message.hasPrefix("Couldn't load the feed: cannot reach 127.0.0.1"), "got \(message)")
        reserved.release()
        var options = FeedServerOptions()
        options.port = port
        let server = FeedServer(options: options)
        // Between the release and the bind, a parallel test's connection may hold the port as its
        // own end for a moment (a full CI run saw "already in use"): the bind is tried again.
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                _ = try server.start()
                break
            } catch where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { server.stop() }
        _ = try await feed.send("retry")
        let loaded = try await feed.send("settle")
        #expect(loaded["initialLoad"] as? String == "loaded")
        #expect(Headless.rows(loaded).count == 20)
        #expect(loaded["message"] is NSNull)
        #expect(try await feed.finish() == 0)
    }

    @Test func malformedJSONFromTheServerIsAClearError() async throws {
        let server = try TestServer()
        server.server.update { $0.malformedFeed = true }
        let feed = try server.headless()
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(state["initialLoad"] as? String == "failed")
        #expect(state["message"] as? String == "Couldn't load the feed: unexpected reply from the server at $: not valid JSON")
        #expect(try await feed.finish() == 0)
    }
}

/// A server that applies a like and then answers 500 every time: the client reads the like back
/// and ends on the server's truth without waiting for a refresh.
@Suite(.heavy) struct LostLikeAnswerEndToEndTests {
    @Test func aLikeAppliedThenAnswered500SettlesToTheServersTruth() async throws {
        let server = try TestServer { $0.faults.likeApplyThenFailRate = 1 }
        let feed = try server.headless(.off)
        let (_, row, id) = try await Headless.openOnANotLikedPost(feed)
        _ = try await feed.send("tap \(id)")
        let settled = try await feed.send("settle 30000")
        let truth = try #require(server.server.likeState(of: id))
        #expect(truth.liked, "the server applied it")
        #expect(Headless.row(settled, id: id)?["heart"] as? String == "liked", "the heart is the server's, not rolled back")
        #expect(settled["message"] is NSNull)
        #expect(server.server.stats().count("GET /v1/feed") == 1, "no refresh was needed")
        #expect(server.server.stats().count("GET /v1/likes") >= 2, "the like was read back")
        _ = row
        #expect(try await feed.finish() == 0)
    }
}
