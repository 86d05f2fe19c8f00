import Foundation
import ImageCodec
import Testing
import TestingSupport

@testable import ImagePipeline

/// Cancelling loads while their downloads finish, many thousands of times from several tasks at
/// once: the pipeline must never deadlock. Found in `feed-bench` by a stack dump: a row leaving the
/// screen cancelled a job (the task's lock held, its handler waiting for the coordinator's lock)
/// while a finished download resumed that job under the coordinator's lock (waiting for the
/// task's). A race, so this test can only make it likely; it hangs and fails if it happens.
@Suite("ImagePipeline: cancellation racing completion never deadlocks")
struct CancelRaceTests {
    @Test("4 tasks × 3,000 loads over 5 URLs, each cancelled as it may be finishing; the pipeline still answers")
    func cancelRacingCompletion() async throws {
        let server = try PhotoServer()
        let urls = (0..<5).map { server.serve("/race/\($0).jpg", .init(body: TestPhotos.green)) }
        let pipeline = makePipeline(server, downloads: 4)
        let deliveries = Deliveries()
        await withTaskGroup(of: Void.self) { group in
            for driver in 0..<4 {
                group.addTask {
                    var random = SplitMix64(seed: 20_261_201 + UInt64(driver))
                    var live: [ImageLoadToken] = []
                    for round in 0..<3_000 {
                        // A size of its own, so the memory cache never answers and every load joins the coordinator.
                        let size = PixelSize(width: 4 + driver * 60 + round % 60, height: 3 + round / 60)
                        let url = urls[Int(random.next() % UInt64(urls.count))]
                        live.append(pipeline.load(ImageRequest(url: url, size: size), completion: deliveries.completion("\(driver).\(round)")))
                        // About 24 loads stay open; a random one leaves, often just as its download ends.
                        if live.count > 24 { live.remove(at: Int(random.next() % UInt64(live.count))).cancel() }
                        for _ in 0..<Int(random.next() % 4) { await Task.yield() }
                    }
                    for token in live { token.cancel() }
                }
            }
        }
        #expect(deliveries.total > 100, "downloads finished while others were cancelled: \(deliveries.total)")
        #expect(await eventually { pipeline.activity.jobs == 0 && pipeline.activity.loads == 0 })
        // A new load still completes.
        let fresh = try await pipeline.image(for: ImageRequest(url: urls[0], size: PixelSize(width: 999, height: 777)))
        #expect(fresh.dominant == "green")
    }
}
