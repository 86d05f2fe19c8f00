import Feed
import FeedInterface
import FeedServer
import Foundation
import ImageCodec
import ImagePipeline
import Networking
import TerminalUI
import TerminalUIInterface

/// (m) Photo fidelity: the reference server's first five photos drawn in the feed's boxes, scored
/// by PSNR on the half-cell grid (two pixels a cell) against the exact area average of the
/// original — the best any half-block drawing can show. Today's download (`?w=` at the box's
/// width) against the one the client picks now, the original as the ceiling, in truecolour and
/// in 256 colours, with the bytes each costs.
@MainActor
enum FidelityBenchmark {
    /// What one photo scores at one screen size.
    struct Score {
        var id: String
        var original: PixelSize
        var box: PixelSize
        var todayWidth: Int, nowWidth: Int
        var todayBytes: Int, nowBytes: Int, originalBytes: Int
        var today: Double, now: Double, ceiling: Double
        var today256: Double, now256: Double
        /// The kitty protocol's bytes for the photo at the box's size in terminal pixels (10×20 a cell): raw RGB in base64, and zlib-compressed.
        var kittyRaw: Int, kittyCompressed: Int
    }

    static let sizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40), TerminalSize(columns: 160, rows: 50)]

    static func run() async -> [String] {
        let server = FeedServer(options: FeedServerOptions(port: 0))
        do {
            let port = try server.start()
            defer { server.stop() }
            let base = URL(string: "http://127.0.0.1:\(port)")!
            let http = HTTPTransportClient(configuration: HTTPClientConfiguration(baseURL: base))
            let page = try await http.send(.get("/v1/feed", query: [URLQueryItem(name: "limit", value: "5")]))
            let items = try JSONSerialization.jsonObject(with: page.body) as? [String: Any]
            let posts = ((items?["items"] as? [[String: Any]]) ?? []).compactMap(post(from:))
            guard posts.count == 5 else { return ["(m) photo fidelity: skipped, the server's first page had \(posts.count) usable posts"] }
            var lines = [
                "(m) photo fidelity: PSNR (dB) of the half-cell grid against the exact area average of the original, per photo",
                "    (goal: truecolour within 1 dB of chafa --symbols vhalf, 47.8 dB on the issue's photos; 256 colours no worse than today)",
                "    screen   photo  original    box      download today → now (bytes)        truecolour today → now (original)   256 colours today → now",
            ]
            for size in sizes {
                var scores: [Score] = []
                for post in posts {
                    scores.append(try await score(post, size: size, http: http))
                }
                for score in scores {
                    lines.append(
                        "    \(pad("\(size.columns)×\(size.rows)", 8)) \(pad(score.id, 6)) \(pad(score.original.description, 10)) \(pad(score.box.description, 8)) "
                            + pad("w=\(score.todayWidth) (\(kib(score.todayBytes))) → w=\(score.nowWidth) (\(kib(score.nowBytes)))", 34)
                            + pad(String(format: "%5.1f → %5.1f (%5.1f)", score.today, score.now, score.ceiling), 36)
                            + String(format: "%5.1f → %5.1f", score.today256, score.now256))
                }
                let count = Double(scores.count)
                let mean = { (value: (Score) -> Double) in scores.map(value).reduce(0, +) / count }
                let bytes = scores.map(\.nowBytes).reduce(0, +), before = scores.map(\.todayBytes).reduce(0, +)
                lines.append(
                    String(format: "    %@ mean: truecolour %.1f → %.1f dB (originals %.1f), 256 colours %.1f → %.1f dB; five photos cost %@ (today %@)",
                        "\(size.columns)×\(size.rows)", mean(\.today), mean(\.now), mean(\.ceiling), mean(\.today256), mean(\.now256), kib(bytes), kib(before)))
                let raw = scores.map(\.kittyRaw).reduce(0, +), compressed = scores.map(\.kittyCompressed).reduce(0, +)
                lines.append(String(format: "    %@ kitty (10×20-pixel cells): five photos %@ as raw RGB → %@ as PNG, %.1f× smaller",
                    "\(size.columns)×\(size.rows)", kib(raw), kib(compressed), Double(raw) / Double(max(1, compressed))))
            }
            return lines
        } catch {
            return ["(m) photo fidelity: failed: \(error)"]
        }
    }

    /// A post row from one item of the feed's JSON.
    private static func post(from item: [String: Any]) -> PostRow? {
        guard let id = item["id"] as? String, let image = item["image"] as? [String: Any], let address = image["url"] as? String,
            let url = URL(string: address), let width = image["width"] as? Int, let height = image["height"] as? Int
        else { return nil }
        let post = Post(id: PostID(id), author: Author(id: "a", name: "a"), caption: "", image: ImageRef(url: url, width: width, height: height),
            likeCount: 0, like: .notLiked)
        return PostRow(post: post)
    }

    private static func score(_ row: PostRow, size: TerminalSize, http: HTTPTransportClient) async throws -> Score {
        // Every row here was made from a photo (`row(from:)`): a request and an address exist.
        guard let request = FeedScreen.photoRequest(for: row, size: size), let imageURL = row.imageURL else { throw HTTPError.invalidURL("a post without a photo") }
        let box = request.size
        let today = PhotoURL.sized(imageURL, pixelWidth: box.width)
        let decoder = JPEGDecoder()
        let original = try await download(PhotoURL.sized(imageURL, pixelWidth: 1080).withWidth(4096), http)
        let todayData = try await download(today, http)
        let nowData = try await download(request.url, http)
        let full = try decoder.decode(original)
        let reference = full.resized(to: box)
        let drawnToday = try decoder.decode(todayData, to: box)
        let drawnNow = try decoder.decode(nowData, to: box)
        if let directory = ProcessInfo.processInfo.environment["FEED_BENCH_PHOTOS"] {
            // For tools outside the bench (chafa): the downloads, and the reference as a PPM.
            let name = "\(directory)/\(size.columns)x\(size.rows)-\(row.id.rawValue)"
            try original.write(to: URL(fileURLWithPath: name + "-original.jpg"))
            try nowData.write(to: URL(fileURLWithPath: name + "-download.jpg"))
            try (Data("P6\n\(box.width) \(box.height)\n255\n".utf8) + Data(reference.pixels)).write(to: URL(fileURLWithPath: name + "-reference.ppm"))
        }
        let drawnOriginal = try decoder.decode(original, to: box)
        // Half blocks draw two pixels a cell; kitty gets the box in terminal pixels.
        let kitty = try decoder.decode(original, to: PixelSize(width: box.width * 10, height: box.height * 10))
        return Score(
            id: row.id.rawValue, original: full.size, box: box,
            todayWidth: try decoder.dimensions(of: todayData).width, nowWidth: try decoder.dimensions(of: nowData).width,
            todayBytes: todayData.count, nowBytes: nowData.count, originalBytes: original.count,
            today: PSNR.of(drawnToday, against: reference), now: PSNR.of(drawnNow, against: reference),
            ceiling: PSNR.of(drawnOriginal, against: reference),
            today256: PSNR.of(PSNR.palette256(drawnToday), against: reference), now256: PSNR.of(PSNR.palette256(drawnNow), against: reference),
            kittyRaw: (kitty.pixels.count + 2) / 3 * 4, kittyCompressed: KittyGraphics.transmit(kitty, id: 1).utf8.count)
    }

    private static func download(_ url: URL, _ http: HTTPTransportClient) async throws -> Data {
        var request = HTTPRequest.get(url.path, query: URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
        request.maxBodyBytes = 16 << 20
        let response = try await http.send(request)
        guard response.status == 200 else { throw BenchError("GET \(url) answered \(response.status)") }
        return response.body
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private static func kib(_ bytes: Int) -> String { String(format: "%.1f KiB", Double(bytes) / 1024) }
}

extension URL {
    /// This address with its `w` query item set to `width`.
    fileprivate func withWidth(_ width: Int) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        components.queryItems = (components.queryItems ?? []).filter { $0.name != "w" } + [URLQueryItem(name: "w", value: String(width))]
        return components.url ?? self
    }
}

/// Peak signal-to-noise ratio of 8-bit RGB images, and what 256 colours make of an image.
enum PSNR {
    /// 10·log10(255² / mean squared error) over every channel of every pixel; 99 when identical.
    static func of(_ image: RGBImage, against reference: RGBImage) -> Double {
        precondition(image.size == reference.size, "PSNR needs images of one size")
        var sum = 0.0
        for index in 0..<image.pixels.count {
            let difference = Double(image.pixels[index]) - Double(reference.pixels[index])
            sum += difference * difference
        }
        let mse = sum / Double(max(1, image.pixels.count))
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// Every pixel as the xterm palette colour a 256-colour terminal shows for it.
    static func palette256(_ image: RGBImage) -> RGBImage {
        var pixels = image.pixels
        for index in stride(from: 0, to: pixels.count, by: 3) {
            let nearest = XTermPalette.nearest(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
            if let color = XTermPalette.color(of: nearest) {
                (pixels[index], pixels[index + 1], pixels[index + 2]) = color
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels)
    }
}
