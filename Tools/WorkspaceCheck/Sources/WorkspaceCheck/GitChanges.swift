import Foundation

/// The files of a package that differ from a base revision, read from git: `git diff --name-only
/// REV` (the base against the working tree, so uncommitted changes count) plus untracked files
/// that are not ignored. Paths are relative to the package root.
enum GitChanges {
    /// The changed files under `root` since `base`, sorted; a usage error when git cannot say.
    static func files(root: String, base: String) throws(UsageError) -> [String] {
        guard !base.isEmpty, !base.hasPrefix("-") else {
            throw UsageError("invalid --base \"\(base)\"; give a commit, branch or tag, e.g. --base origin/main")
        }
        let inside = run(["rev-parse", "--is-inside-work-tree"], in: root)
        guard inside.status == 0 else {
            throw UsageError("\(root) is not in a git work tree (\(inside.firstError)); `affected` compares the work tree with a git revision")
        }
        guard run(["rev-parse", "--verify", "--quiet", "\(base)^{commit}"], in: root).status == 0 else {
            throw UsageError("unknown revision \"\(base)\" for --base: git has no such commit here; give a commit, branch or tag (a shallow clone may need `git fetch --deepen=1`)")
        }
        let diff = run(["diff", "--name-only", "--relative", "--no-renames", "-z", base, "--"], in: root)
        guard diff.status == 0 else { throw UsageError("`git diff --name-only \(base)` failed: \(diff.firstError)") }
        let untracked = run(["ls-files", "--others", "--exclude-standard", "-z"], in: root)
        guard untracked.status == 0 else { throw UsageError("`git ls-files --others` failed: \(untracked.firstError)") }
        let names = (diff.output + untracked.output).split(separator: "\0").map(String.init)
        return Array(Set(names)).sorted()
    }

    /// The text of `path` (relative to `root`) at `base`, or nil when it did not exist there.
    static func text(of path: String, root: String, base: String) -> String? {
        let shown = run(["show", "\(base):./\(path)"], in: root)
        return shown.status == 0 ? shown.output : nil
    }

    /// What a git run printed and how it ended.
    private struct Result {
        let status: Int32
        let output: String
        let errors: String

        var firstError: String {
            errors.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
        }
    }

    /// Runs `git` with `arguments` in `directory`; a git that cannot start is status 127.
    private static func run(_ arguments: [String], in directory: String) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"  // a read-only look never takes the index lock
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return Result(status: 127, output: "", errors: "could not run git (\(error.localizedDescription)); put git on PATH")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), errors: String(decoding: errorData, as: UTF8.self))
    }
}
