import Foundation
import Testing

@testable import Host

/// `--request-timeout MS`: one API request's limit, 10 s unless given, range-checked.
@MainActor
@Suite struct RequestTimeoutOptionTests {
    private func parse(_ arguments: [String]) throws -> HostOptions {
        let command = try HostOptions.parse(["--headless"] + arguments, registry: PluginFlags.registry([]), pluginOptions: [])
        guard case .headless(let options) = command else { throw CancellationError() }
        return options
    }

    @Test func itDefaultsToTenSecondsAndTakesMilliseconds() throws {
        #expect(try parse([]).requestTimeout == .seconds(10))
        #expect(try parse(["--request-timeout", "30000"]).requestTimeout == .seconds(30))
    }

    @Test(arguments: ["999", "600001", "soon", "-5"])
    func aValueOutOfRangeIsRefusedWithOneLine(value: String) {
        #expect(throws: (any Error).self) { try parse(["--request-timeout", value]) }
    }
}
