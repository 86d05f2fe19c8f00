import Foundation
import Testing
import TestingSupport
@testable import WorkspaceCheck

@Suite("launch budget", .heavy)
struct LaunchBudgetTests {
    private static let team = Team(name: "app", handle: "@org/app", about: nil, configLine: 3)

    private static func budget(ratio: Double = 3, arguments: [String] = ["--headless"], input: [String] = ["open"], marker: String = "rows", bare: [String] = ["--version"]) -> LaunchBudget {
        LaunchBudget(product: "app", module: "App", arguments: arguments, input: input, marker: marker, bareArguments: bare, ratio: ratio, runs: 5, configLine: 42)
    }

    @Test("the medians of each kind give the ratio; over the budget fails naming the module and its team")
    func overBudget() {
        let result = LaunchChecker.result(
            bare: [.milliseconds(10), .milliseconds(50), .milliseconds(9), .milliseconds(11), .milliseconds(10)],
            measured: [.milliseconds(40), .milliseconds(41), .milliseconds(200), .milliseconds(39), .milliseconds(40)]
        )
        #expect(result.bare == .milliseconds(10))
        #expect(result.measured == .milliseconds(40))
        #expect(result.ratio == 4)
        let violations = LaunchChecker(budget: Self.budget(ratio: 3), configFile: "Tools/workspace.json", team: Self.team).violations(result)
        #expect(violations.count == 1)
        #expect(violations.first?.rule == .launchBudget)
        #expect(violations.first?.severity == .error)
        #expect(violations.first?.line == 42)
        #expect(violations.first?.target == "App")
        #expect(violations.first?.message == "app's cold start, owned by App (team app, @org/app), reached its first answer in 40.00 ms, 4.00× a bare start (10.00 ms), over its budget of 3.00× (medians of 5)")
        #expect(violations.first?.fix.contains("approved by @org/app and the owners of Tools/workspace.json") == true)
    }

    @Test("at or under the budget passes")
    func underBudget() {
        let checker = LaunchChecker(budget: Self.budget(ratio: 4), configFile: "Tools/workspace.json", team: nil)
        #expect(checker.violations(LaunchChecker.Result(bare: .milliseconds(10), measured: .milliseconds(40), runs: 1)).isEmpty)
        #expect(checker.violations(LaunchChecker.Result(bare: .milliseconds(10), measured: .milliseconds(25), runs: 1)).isEmpty)
        #expect(!checker.violations(LaunchChecker.Result(bare: .zero, measured: .milliseconds(1), runs: 1)).isEmpty, "a zero bare start is never within budget")
    }

    @Test("the timer measures a real child: bare to exit, measured to the marker line; both children end")
    func timesAChild() async throws {
        let script = #"read line; echo "first $line"; echo "rows after $line"; read more"#
        let timer = LaunchTimer(executable: "/bin/sh", budget: Self.budget(arguments: ["-c", script], input: ["open"], marker: "rows after open", bare: ["-c", "exit 0"]))
        // Off the Swift concurrency pool: the timer waits for child processes.
        let samples = try await offPool { try timer.samples(runs: 3) }
        #expect(samples.bare.count == 3)
        #expect(samples.measured.count == 3)
        #expect(samples.measured.allSatisfy { $0 > .zero })
    }

    @Test("a child that ends without the marker, or a bare start that fails, is one clear line")
    func childFailures() async {
        let silent = LaunchTimer(executable: "/bin/sh", budget: Self.budget(arguments: ["-c", "echo nothing; exit 3"], marker: "rows"))
        let failing = LaunchTimer(executable: "/bin/sh", budget: Self.budget(bare: ["-c", "exit 1"]))
        let missing = LaunchTimer(executable: "/nonexistent/app", budget: Self.budget())
        // Off the Swift concurrency pool: the timer waits for child processes.
        let errors = await offPool { () -> [UsageError?] in
            func error(_ body: () throws(UsageError) -> Duration) -> UsageError? {
                do { _ = try body(); return nil } catch { return error }
            }
            return [error(silent.measuredStart), error(failing.bareStart), error(missing.bareStart)]
        }
        #expect(errors == [
            UsageError("`app -c echo nothing; exit 3` ended without a line containing rows (exit 3); run it by hand to see why, or correct \"launch\" in the config"),
            UsageError("`app -c exit 1` did not exit 0 (exit 1); run it by hand to see why"),
            UsageError("no executable /nonexistent/app; run `swift build -c release --product app` first (or pass --build-path DIR)"),
        ])
    }

    @Test("`launch` on a fixture runs the product from the build path and reports the ratio and owner")
    func command() async throws {
        let launch = #""launch": { "product": "app", "module": "App", "arguments": ["--headless", "--data-dir", "{dataDir}"], "input": ["open"], "marker": "\"rows\"", "ratio": 1000, "runs": 3 }"#
        let fixture = try FixturePackage(config: FixturePackage.config(extra: #""teams": { "app": { "handle": "@org/app" } }, "owners": { "App": "app" }, "# + launch))
        defer { fixture.remove() }
        // A stand-in for the product: `--version` exits at once; otherwise it answers once its data directory exists.
        try fixture.write("#!/bin/sh\n[ \"$1\" = --version ] && exit 0\n[ -d \"$3\" ] || exit 4\nread line\necho \"{\\\"rows\\\":[], \\\"after\\\": \\\"$line\\\"}\"\nread more\n", to: ".build/release/app")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(fixture.root)/.build/release/app")
        let outcome = await fixture.run(["launch", "--runs", "3", "--format", "github"])
        #expect(outcome.exitCode == 0, "\(outcome.errorOutput)")
        #expect(outcome.output.contains("owner: App (team app, @org/app)"))
        #expect(outcome.output.contains("(medians of 3 each, alternating)"))
        #expect(outcome.output.hasSuffix("workspace-check launch: app, 0 errors, 0 warnings\n"))
    }

    @Test("a bad \"launch\" in the config gives one clear line with file:line and exit 2")
    func badConfig() async throws {
        let cases: [(String, String)] = [
            (#"{ "product": "app", "module": "App", "arguments": ["--headless"], "marker": "rows", "ratio": "fast" }"#, #""launch.ratio" must be a number from 1 to 1000 (the largest median ratio to a bare start)"#),
            (#"{ "product": "app", "module": "App", "arguments": ["--headless"], "marker": "rows", "ratio": 3, "runs": 0 }"#, #""launch.runs" must be a whole number from 1 to 101"#),
            (#"{ "product": "app", "module": "App", "arguments": [], "marker": "rows", "ratio": 3 }"#, #""launch.arguments" must list the arguments of the measured start, such as ["--headless"]"#),
            (#"{ "product": "app", "module": "App", "arguments": ["--headless"], "ratio": 3 }"#, #""launch.marker" (text of the first answer's line) is missing; add it"#),
            (#"{ "product": "app", "module": "App", "arguments": ["--headless"], "marker": "rows", "ratio": 3, "budget": 2 }"#, #"unknown key "budget" in "launch"; known keys: arguments, bareArguments, input, marker, module, product, ratio, runs, comment"#),
        ]
        for (launch, message) in cases {
            let fixture = try FixturePackage(config: FixturePackage.config(extra: #""launch": "# + launch))
            defer { fixture.remove() }
            let outcome = await fixture.run(["launch"])
            #expect(outcome.exitCode == 2, "\(launch)")
            #expect(outcome.errorOutput.hasPrefix("workspace-check: error: Tools/workspace.json:"), "\(launch)")
            #expect(outcome.errorOutput.hasSuffix(message + "\n"), "\(outcome.errorOutput)")
            #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1)
        }
    }
}
