// `feed-chaos`: seeded chaos sessions of `feed --headless` over the combinations of the flags it
// declares (`feed flags --json`), against the reference server, checking the feed's invariants
// (see docs/chaos.md).
import Foundation
import ProcessTesting

signal(SIGPIPE, SIG_IGN)

/// One line on stdout, written at once (a long run shows each session as it ends).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let options: ChaosOptions
do {
    guard let parsed = try ChaosOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        say(ChaosOptions.usage)
        exit(0)
    }
    options = parsed
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

if let twins = options.twins {
    var stress = TwinStress(count: twins, seed: options.seed, feed: options.feedExecutable(), trace: options.trace)
    if let only = options.twinSession { stress = TwinStress(count: 1, seed: options.seed, feed: stress.feed, trace: options.trace, first: only) }
    exit(stress.run())
}

let plan: FlagPlan
do {
    let build = try BuildFlags.read(feed: options.feedExecutable())
    plan = FlagPlan(keys: build.built, seed: options.seed)
    say(plan.describe(notBuilt: build.notBuilt))
} catch {
    FileHandle.standardError.write(Data("feed-chaos: \(error.message); build it (swift build) or pass --feed PATH\n".utf8))
    exit(2)
}

var results: [SessionResult] = []
var serverMemory: [Int] = []
for index in options.sessionIndexes {
    var result = ChaosSession(index: index, options: options, flags: plan.forSession(index)).run()
    say(ChaosReport.sessionLine(result, seed: options.seed))
    if !result.findings.isEmpty { ChaosReport.violation(result, options: options).forEach(say) }
    // The summary needs the counts only: a long soak keeps no session's command log.
    (result.log, result.trails, result.stderrTail) = ([], [], [])
    results.append(result)
    if let rss = MemoryProbe.residentBytes() { serverMemory.append(rss) }
}
say(ChaosReport.summary(results))
say(ChaosReport.checksByInvariant(results))
say(ChaosReport.photos(results))
say(ChaosReport.clientMemory(results))
say(ChaosReport.serverMemory(serverMemory))
if results.contains(where: { !$0.findings.isEmpty }) { exit(1) }
if results.contains(where: { $0.environmentError != nil }) { exit(2) }
exit(0)
