/// `feed --headless`: the scripting driver over the services' feed screen.
@MainActor
enum HeadlessMode {
    static func run(_ services: AppServices) async -> Int32 {
        let model = services.makeFeedViewModel()
        var driver = HeadlessDriver(model: model, write: StandardStreams.out)
        driver.logout = {
            if let problem = await services.logout() { StandardStreams.err(problem) }
        }
        await driver.run(LineReader.standardInput())
        return 0
    }
}
