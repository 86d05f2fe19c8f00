/// `feed --headless`: the scripting driver over the services' screens.
@MainActor
enum HeadlessMode {
    static func run(_ services: AppServices) async -> Int32 {
        let driver = HeadlessDriver(
            feed: services.makeFeedViewModel(),
            write: { StandardStreams.out($0) },
            makeProfile: services.profileFactory,
            photos: services.photos,
            logout: { if let problem = await services.logout() { StandardStreams.err(problem) } },
            queuedLikes: { await services.queuedLikes() },
            drainLikes: { await services.drainLikes(timeout: $0) },
            waitsForLikesOnQuit: services.queue == nil)
        await driver.run(LineReader.standardInput())
        return 0
    }
}
