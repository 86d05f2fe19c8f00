import Foundation
import ImagePipeline

/// `feed --headless`: the scripting driver over the services' screens.
@MainActor
enum HeadlessMode {
    static func run(_ services: AppServices) async -> Int32 {
        let feed = services.makeFeedViewModel()
        let extensions = services.followUps.active.extensions(for: feed)
        var app = HeadlessDriver.App()
        app.plugins = services.followUps.plugins
        app.active = services.followUps.active.all
        app.extensions = extensions
        app.photos = services.photos
        app.logout = { if let problem = await services.logout() { StandardStreams.err(problem) } }
        app.tapsRecorded = { await services.waitUntilTapsRecorded() }
        app.settle = { await services.followUps.active.settle(timeout: $0) }
        app.waitsForLikesOnQuit = services.waitsForLikesOnQuit
        app.returned = { services.returned() }
        app.savePlaces = { await services.savePlaces() }
        let viewer = services.photoViewer
        app.originalFile = { row throws(ImageLoadError) in try await viewer.originalFile(of: row) }
        let telemetry = services.telemetry
        let driver = HeadlessDriver(feed: feed, write: { line in
            let written = StandardStreams.out(line)
            // A state line is the headless frame: the first starts telemetry, the first with rows is the first content.
            telemetry.frameDrawn(nil, hasRows: !feed.viewState.rows.isEmpty)
            return written
        }, app: app)
        // A follow-up switched off by the server closes the screen it opened.
        services.followUps.active.onSwitchedOff = { driver.switchedOff($0) }
        await driver.run(LineReader.standardInput())
        return 0
    }
}
