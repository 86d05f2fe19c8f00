import Foundation
import ImageCodec
import ImageCodecTesting
import Synchronization
import Testing

@testable import ImagePipeline

/// Run by hand: whether the Swift concurrency pool keeps answering while 8 hostile photos decode.
/// `JPEG_PROBE=1 .build/debug/FeedPackageTests.xctest --testing-library swift-testing --filter PoolProbe`
@Suite("Probe: a pool task beside 8 hostile decodes (JPEG_PROBE=1)")
struct PoolProbe {
    /// The default budget, and one that lets each hostile decode run (as before the budget).
    static let budgets = [
        "default": PhotoDecoder(), "unbounded": PhotoDecoder(jpeg: JPEGDecoder(maxScans: 400, maxMemoryBytes: 1 << 30, maxCPUTime: .seconds(60))),
    ]

    @Test(
        "8 hostile photos and a 10 ms ticker on the pool", .enabled(if: ProcessInfo.processInfo.environment["JPEG_PROBE"] != nil),
        arguments: [ProcessInfo.processInfo.environment["JPEG_PROBE_BUDGET"] ?? "default"])
    func eightHostile(budget: String) async throws {
        let server = try PhotoServer()
        let data = ProgressiveJPEG.make(width: 6320, height: 6320, scans: 299)
        let transport = HTTPPhotoTransport(client: makeClient(server.baseURL))
        let pipeline = ImagePipeline(configuration: ImagePipelineConfiguration(decoder: Self.budgets[budget]!), transport: transport)
        let clock = ContinuousClock()
        let start = clock.now
        let done = Mutex<[Duration]>([])
        var tokens: [ImageLoadToken] = []
        for index in 0..<8 {
            let url = server.serve("/hostile\(index).jpg", .init(body: data))
            tokens.append(pipeline.load(ImageRequest(url: url, size: PixelSize(width: 26, height: 14))) { result in
                if case .failure(let error) = result { print("probe: photo \(index): \(error)") }
                done.withLock { $0.append(clock.now - start) }
            })
        }
        // The ticker: the longest time the pool let it wait for a 10 ms sleep.
        var longestGap = Duration.zero
        var last = clock.now
        while done.withLock({ $0.count }) < 8 {
            try await Task.sleep(for: .milliseconds(10))
            longestGap = max(longestGap, clock.now - last)
            last = clock.now
        }
        let finished = done.withLock { $0 }
        print("probe (\(budget) budget): 8 hostile photos finished at \(finished.map { "\($0)" }); longest ticker gap \(longestGap)")
        withExtendedLifetime(tokens) {}
    }
}
