import Foundation
import WorkspaceCheck

// The `workspace-check` executable: a thin shell over `WorkspaceCheckCommand`.
let outcome = WorkspaceCheckCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    currentDirectory: FileManager.default.currentDirectoryPath
)
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
exit(outcome.exitCode)
