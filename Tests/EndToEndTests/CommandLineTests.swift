import EndToEndTesting
import Foundation
import ProcessTesting
import Testing
import TestingSupport

/// One argument scanner for every command: `--opt value` and `--opt=value`, `-h`/`--help`/`help`.
@Suite(.heavy) struct CommandLineTests {
    @Test func serverWithAnEqualsSignWorks() async throws {
        let server = try TestServer()
        let feed = try FeedProcess(["--headless", "--server=http://127.0.0.1:\(server.port)"])
        _ = try await feed.send("open")
        let state = try await feed.send("settle")
        #expect(Headless.rows(state).count == 20)
        #expect(try await feed.finish() == 0)
    }

    @Test(arguments: [(["help"], "feed —"), (["-h"], "feed —"), (["--help"], "feed —"), (["flags", "help"], "feed flags —"),
                      (["logout", "-h"], "feed logout —"), (["stats", "--help"], "feed stats —"), (["queue", "--help"], "feed queue —")])
    func helpInEveryFormPrintsTheUsage(arguments: [String], first: String) async throws {
        let feed = try FeedProcess(arguments)
        #expect(try await feed.waitForExit() == 0)
        let output = await feed.remainingOutput()
        #expect(output.first?.hasPrefix(first) == true, "\(output)")
        // A subcommand's help lists its own options only.
        if arguments.first == "logout" { #expect(!output.contains { $0.hasPrefix("  --ascii") } && output.contains { $0.hasPrefix("  --user NAME") }) }
    }

    @Test("-V prints the version; --version with a mistake is the mistake; completion and man print scripts that run")
    func versionCompletionAndMan() async throws {
        let short = try FeedProcess(["-V"])
        #expect(try await short.waitForExit() == 0)
        #expect(await short.remainingOutput() == ["feed 0.1.0"])
        let wrong = try FeedProcess(["--version", "--bogus"])
        #expect(try await wrong.waitForExit() == 2)
        #expect(await wrong.errorOutput() == ["feed: unknown option '--bogus'; see `feed --help`"])

        let completion = try FeedProcess(["completion", "bash"])
        #expect(try await completion.waitForExit() == 0)
        let script = await completion.remainingOutput().joined(separator: "\n")
        let result = try await onOwnThread { () throws -> String in
            let bash = Process()
            bash.executableURL = URL(fileURLWithPath: "/bin/bash")
            bash.arguments = ["-c", script + "\nCOMP_WORDS=(feed stats --j); COMP_CWORD=2; _feed_complete; echo \"${COMPREPLY[@]}\""]
            let pipe = Pipe()
            bash.standardOutput = pipe
            try bash.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            bash.waitUntilExit()
            return String(decoding: output, as: UTF8.self)
        }
        #expect(result == "--json\n", "feed stats --j completes to --json")

        let man = try FeedProcess(["man"])
        #expect(try await man.waitForExit() == 0)
        let page = await man.remainingOutput()
        #expect(page.first?.hasPrefix(".TH FEED 1") == true)
        #expect(page.contains(".SS \"feed stats\""))
    }

    @Test func helpListsEveryFlagTheBuildDeclaresWithItsDescription() async throws {
        let build = BuildFlags.current
        #expect(BuildFlags.currentProblem == nil, "\(BuildFlags.currentProblem ?? "")")
        let feed = try FeedProcess(["--help"])
        #expect(try await feed.waitForExit() == 0)
        let output = await feed.remainingOutput()
        let heading = try #require(output.firstIndex { $0.hasPrefix("Flags (") }, "\(output)")
        let listed = output[(heading + 1)...].prefix { !$0.isEmpty }
        #expect(listed.count == build.flags.count, "\(listed)")
        for (line, flag) in zip(listed, build.flags) {
            let words = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(words == [flag.key, flag.description + (flag.built ? "" : " (not built yet)")], "\(line)")
        }
    }

    @Test(arguments: [["serve", "-h"], ["serve", "--help"], ["serve", "help"]])
    func serveHelpPrintsTheServerUsage(arguments: [String]) async throws {
        let feed = try FeedProcess(arguments)
        #expect(try await feed.waitForExit() == 0)
        #expect(await feed.remainingOutput().first == "Usage: feed serve [options]")
    }

    @Test func servePortWithAnEqualsSignListens() async throws {
        let feed = try FeedProcess(["serve", "--port=0"])
        let line = try await feed.nextOutputLine()
        #expect(line.hasPrefix("feed serve: listening on http://127.0.0.1:"), "\(line)")
        #expect(!line.hasPrefix("feed serve: listening on http://127.0.0.1:0 "))
        feed.terminate()
        #expect(try await feed.waitForExit() == 0)
    }

    @Test(arguments: [
        (["--user"], "feed: --user needs a value: a user name; see `feed --help`"),
        (["serve", "--port=http"], "feed serve: invalid value 'http' for --port: expected an integer from 0 to 65535 (0 picks a free port); see `feed serve --help`"),
        (["flags", "--headless"], "feed: unknown option '--headless'; see `feed flags --help`"),
        (["--ascii=yes"], "feed: invalid value 'yes' for --ascii: expected no value; see `feed --help`"),
    ])
    func mistakesHaveOneWording(arguments: [String], message: String) async throws {
        let feed = try FeedProcess(arguments)
        #expect(try await feed.waitForExit() == 2)
        #expect(await feed.errorOutput() == [message])
    }
}
