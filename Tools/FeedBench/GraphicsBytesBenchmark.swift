import Feed
import FeedInterface
import FeedTesting
import Foundation
import ImageCodec
import Posts
import TerminalUI
import TerminalUIInterface

/// (q) What a graphics protocol sends while a reader scrolls: a 100×34 feed whose rows carry the
/// four real photos (`Tools/FeedBench/Photos`), each decoded to its box at 10×20 pixels a cell,
/// drawn frame by frame as the selection moves down 20 rows, through the writer the app uses.
/// Against what was sent before issue 31: each frame's photos as raw RGB in base64, every frame.
@MainActor
enum GraphicsBytesBenchmark {
    static let size = TerminalSize(columns: 100, rows: 34)
    static let cell = PixelSize(width: 10, height: 20)

    static func run(_ scale: BenchScale) async -> [String] {
        let photos = SymbolBenchmark.photos()
        guard !photos.isEmpty else { return ["(q) graphics bytes: skipped, no photos in Tools/FeedBench/Photos (run from the package's root)"] }
        let decoder = JPEGDecoder()
        var posts: [Post] = []
        var decoded: [PostID: RGBImage] = [:]
        for index in 0..<24 {
            let (name, data) = photos[index % photos.count]
            guard let original = try? decoder.dimensions(of: data) else { continue }
            let post = Post(
                id: PostID("p\(index)"), author: Author(id: "a", name: "reader"), caption: "Photo \(index): \(name)",
                image: ImageRef(url: URL(string: "http://127.0.0.1/\(name).jpg?n=\(index)")!, width: original.width, height: original.height),
                likeCount: index, like: .notLiked)
            posts.append(post)
            // The post was made with a photo just above: its request exists.
            guard let request = FeedScreen.photoRequest(for: PostRow(post: post), size: size, graphics: .kitty, cellPixels: cell) else { continue }
            decoded[post.id] = try? decoder.decode(data, to: request.size)
        }
        let model = FeedViewModel(
            feed: FakeFeedRepository(pages: [FeedPage(posts: posts, next: nil)]), posts: InMemoryPostStore(likePost: InstantLikePostUseCase()))
        await model.onAppear()?.value
        let state = model.viewState
        let frames = scale.isQuick ? 6 : 21
        var lines = ["(q) graphics bytes while scrolling a 100×34 feed of the real photos (10×20-pixel cells), \(frames - 1) rows down (goal: a screen at most ¼ of raw RGB)"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feed-bench-kitty-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, graphics, files) in [("kitty, in-band", GraphicsMode.kitty, nil), ("kitty, by file", .kitty, KittyTempFiles(directory: directory.path)), ("sixel", .sixel, nil)] {
            var sent: [Int] = []
            var raw: [Int] = []
            let writer = ScreenWriter(depth: .trueColor, graphics: graphics, kittyFiles: files) { sent[sent.count - 1] += $0.utf8.count }
            var position: FeedScreenPosition
            var options = FeedScreenOptions()
            options.graphics = graphics
            for step in 0..<frames {
                // One row further each frame: the row at the top scrolls out, the next comes in below.
                let row = posts[min(step, posts.count - 1)].id
                position = FeedScreenPosition(top: row, topOffset: 0, selected: row)
                let frame = FeedScreenRenderer.render(state: state, size: size, position: position, options: options) { id in decoded[id].map { .ready($0) } }
                position = frame.position
                sent.append(0)
                try? writer.draw(frame.buffer)
                // Before: every placement's pixels, raw RGB in base64, in every frame.
                raw.append(frame.buffer.graphics.map { ($0.image.width * $0.shownPixelRows.count * 3 + 2) / 3 * 4 }.reduce(0, +))
            }
            let first = sent[0], rest = sent.dropFirst().reduce(0, +), before = raw.reduce(0, +)
            let firstRatio = Double(raw[0]) / Double(max(1, first))
            let perFrame = Double(rest) / Double(max(1, frames - 1))
            let allRatio = Double(before) / Double(max(1, first + rest))
            let head = "    \(pad(name, 14))  first screen \(kib(first)) (raw RGB \(kib(raw[0])): \(String(format: "%.1f", firstRatio))×)"
            let tail = "; the \(frames - 1) frames after it \(kib(rest)) (\(Int(perFrame)) bytes a frame); all \(frames) frames \(kib(first + rest)) against \(kib(before)) raw: \(String(format: "%.0f", allRatio))×"
            lines.append(head + tail)
        }
        // What in-band kitty loses: each photo's palette PNG (its own 256 colours) against every pixel.
        let scores = photos.indices.compactMap { index -> (name: String, psnr: Double, ssim: Double)? in
            guard let image = decoded[posts[index].id] else { return nil }
            let palette = ColorPalette(image)
            let drawn = RGBImage(
                width: image.width, height: image.height,
                pixels: palette.registers.flatMap { let c = palette.colors[Int($0)]; return [c.red, c.green, c.blue] })
            return (photos[index].0, PSNR.of(drawn, against: image), SSIM.of(drawn, against: image))
        }
        let each = scores.map { "\($0.name) \(String(format: "%.1f dB, SSIM %.3f", $0.psnr, $0.ssim))" }
        lines.append("    kitty in-band is a palette PNG of the photo's own 256 colours; against every pixel: " + each.joined(separator: "; "))
        return lines
    }

    private static func kib(_ bytes: Int) -> String { String(format: "%.1f KiB", Double(bytes) / 1024) }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
