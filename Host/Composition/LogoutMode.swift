import Foundation
import PluginInterface

/// `feed logout`: deletes everything stored for the user on the server. Plain file work: no
/// feature code runs and no server is started.
@MainActor
enum LogoutMode {
    static func run(_ userData: UserData, plugins: [any FeaturePlugin] = PluginList.all) -> Int32 {
        do {
            let telemetry = AppTelemetry.Files(userData)
            try userData.delete(files: plugins.flatMap { $0.files(userData.pluginFiles) } + [telemetry.queue])
            try? FileManager.default.removeItem(at: telemetry.crashes)
            try? FileManager.default.removeItem(at: userData.flagsCache)
            StandardStreams.out("feed: deleted everything stored for \(userData.owner)")
            return 0
        } catch {
            StandardStreams.err("feed: logout could not delete \(error.url.path): \(error); delete it by hand")
            return 1
        }
    }
}
