/// `feed --headless`: the scripting driver over the services' screens.
@MainActor
enum HeadlessMode {
    static func run(_ services: AppServices) async -> Int32 {
        let feed = services.makeFeedViewModel()
        let driver = HeadlessDriver(
            feed: feed,
            write: { StandardStreams.out($0) },
            makeProfile: services.profileFactory,
            poller: services.makeNewPostsPoller(for: feed),
            photos: services.photos,
            logout: { if let problem = await services.logout() { StandardStreams.err(problem) } },
            queuedLikes: { await services.queuedLikes() },
            tapsRecorded: { await services.waitUntilTapsRecorded() },
            drainLikes: { await services.drainLikes(timeout: $0) },
            waitsForLikesOnQuit: services.queue == nil)
        services.onProfilesOff = { driver.leaveProfile() }
        await driver.run(LineReader.standardInput())
        return 0
    }
}
