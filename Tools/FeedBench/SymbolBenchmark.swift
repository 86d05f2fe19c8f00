import Feed
import FeedInterface
import Foundation
import ImageCodec
import TerminalUI
import TerminalUIInterface

/// (p) Photos in block symbols: four real photos (`Tools/FeedBench/Photos`) drawn in the feed's
/// boxes in half blocks, quadrants and sextants, each cell rendered as a terminal shows it (8×16
/// pixels) and scored by SSIM and PSNR against the original area-averaged to those pixels; with
/// what a frame of the photo costs in each (drawing the cells and writing them; the fastest of
/// several runs) and the fit's
/// cost per photo. `FEED_BENCH_PHOTOS=DIR` also writes each drawing as ANSI text and the
/// reference as a PPM, for `Scripts/symbol-fidelity.py` to score chafa beside them.
@MainActor
enum SymbolBenchmark {
    static let cell = PixelSize(width: 8, height: 16)
    static let modes: [BlockSymbols] = [.half, .quadrant, .sextant]

    static func run(_ scale: BenchScale) async -> [String] {
        let photos = Self.photos()
        guard !photos.isEmpty else { return ["(p) photo symbols: skipped, no photos in Tools/FeedBench/Photos (run from the package's root)"] }
        var lines = [
            "(p) photos in block symbols: SSIM / PSNR of the screen (8×16-pixel cells) against the original (goal: SSIM at least chafa's default symbols; see Scripts/symbol-fidelity.py)",
            "    screen   photo                                   cells    half            quadrant        sextant",
        ]
        var sums = [BlockSymbols: (ssim: Double, psnr: Double, fit: Duration, bytes: Int)]()
        var frames = [BlockSymbols: [(image: RGBImage, columns: Int, rows: Int)]]()
        var count = 0
        for size in [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40)] {
            for (name, data) in photos {
                do {
                    var cells = ""
                    var line = ""
                    for symbols in modes {
                        let result = try await measure(data, name: name, size: size, symbols: symbols, runs: scale.isQuick ? 1 : 9)
                        cells = "\(result.columns)×\(result.rows)"
                        line += String(format: "%.3f / %4.1f dB  ", result.ssim, result.psnr)
                        let sum = sums[symbols] ?? (0, 0, .zero, 0)
                        sums[symbols] = (sum.ssim + result.ssim, sum.psnr + result.psnr, sum.fit + result.fit, sum.bytes + result.bytes)
                        frames[symbols, default: []].append((result.fitted, result.columns, result.rows))
                    }
                    count += 1
                    lines.append("    \(pad("\(size.columns)×\(size.rows)", 8)) \(pad(name, 40)) \(pad(cells, 8)) \(line)")
                } catch {
                    lines.append("    \(name): \(error)")
                }
            }
        }
        guard count > 0 else { return lines }
        // A frame of each photo in each set, the sets taking turns round after round (so a busy
        // moment hits all alike); the fastest round of each: a frame is pure CPU work.
        let clock = ContinuousClock()
        var fastest = [BlockSymbols: Duration]()
        for _ in 0..<(scale.isQuick ? 2 : 15) {
            for symbols in modes {
                let start = clock.now
                for (image, columns, rows) in frames[symbols] ?? [] {
                    var buffer = ScreenBuffer(size: TerminalSize(columns: columns, rows: rows))
                    buffer.draw(image, symbols: symbols, row: 0, column: 0, lines: 0..<rows)
                    try? ScreenWriter(depth: .trueColor) { _ in }.draw(buffer)
                }
                let each = (clock.now - start) / max(1, frames[symbols]?.count ?? 1)
                fastest[symbols] = min(fastest[symbols] ?? each, each)
            }
        }
        guard let half = fastest[.half] else { return lines }
        for symbols in modes {
            guard let sum = sums[symbols], let frame = fastest[symbols] else { continue }
            let n = Double(count)
            lines.append(String(
                format: "    %@ mean SSIM %.3f, PSNR %.1f dB; fit %@ a photo; a frame of the photo %@ (%.2f× half blocks), %.1f KiB",
                pad(symbols.rawValue, 8), sum.ssim / n, sum.psnr / n, Measure.format(sum.fit / count), Measure.format(frame),
                frame / half, Double(sum.bytes) / n / 1024))
        }
        return lines
    }

    /// What one photo scores and costs in one box in `symbols`.
    private static func measure(
        _ data: Data, name: String, size: TerminalSize, symbols: BlockSymbols, runs: Int
    ) async throws -> (columns: Int, rows: Int, ssim: Double, psnr: Double, fit: Duration, fitted: RGBImage, bytes: Int) {
        let decoder = JPEGDecoder()
        let original = try decoder.dimensions(of: data)
        let post = Post(
            id: PostID(name), author: Author(id: "a", name: "a"), caption: "",
            image: ImageRef(url: URL(string: "http://127.0.0.1/\(name)")!, width: original.width, height: original.height), likeCount: 0, like: .notLiked)
        guard let request = FeedScreen.photoRequest(for: PostRow(post: post), size: size, symbols: symbols) else { throw ImageCodecError.invalidArgument("a post without a photo") }
        let (columns, rows) = (request.size.width / symbols.cell.width, request.size.height / symbols.cell.height)
        let decoded = try decoder.decode(data, to: request.size)
        var fitted = decoded
        let fit = await Measure.median(runs: runs) { fitted = symbols.mosaic?.pack(decoded) ?? decoded }
        var buffer = ScreenBuffer(size: TerminalSize(columns: columns, rows: rows))
        buffer.draw(fitted, symbols: symbols, row: 0, column: 0, lines: 0..<rows)
        var bytes = 0
        try? ScreenWriter(depth: .trueColor) { bytes += $0.utf8.count }.draw(buffer)
        let screen = GlyphRaster.draw(buffer, columns: columns, rows: rows, cell: cell)
        let reference = try decoder.decode(data).resized(to: screen.size)
        if let directory = ProcessInfo.processInfo.environment["FEED_BENCH_PHOTOS"] {
            let stem = "\(directory)/\(size.columns)x\(size.rows)-\(name)"
            try (Data("P6\n\(reference.width) \(reference.height)\n255\n".utf8) + Data(reference.pixels)).write(to: URL(fileURLWithPath: stem + "-reference.ppm"))
            try Data(ansi(buffer, columns: columns, rows: rows).utf8).write(to: URL(fileURLWithPath: stem + "-\(symbols.rawValue).ans"))
            try data.write(to: URL(fileURLWithPath: stem + "-original.jpg"))
        }
        return (columns, rows, SSIM.of(screen, against: reference), PSNR.of(screen, against: reference), fit, fitted, bytes)
    }

    /// The cells as lines of 24-bit SGR and glyphs, as chafa writes them.
    private static func ansi(_ buffer: ScreenBuffer, columns: Int, rows: Int) -> String {
        var text = ""
        for row in 0..<rows {
            for column in 0..<columns {
                let drawn = buffer[row, column]
                for (code, color) in [(38, drawn.style.foreground), (48, drawn.style.background)] {
                    if case .rgb(let red, let green, let blue) = color { text += "\u{1B}[\(code);2;\(red);\(green);\(blue)m" }
                }
                text.append(drawn.grapheme)
            }
            text += "\u{1B}[0m\n"
        }
        return text
    }

    /// The bench's photos by name (file name without extension), read from the package's root or beside this file.
    static func photos() -> [(String, Data)] {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Photos")
        let candidates = [URL(fileURLWithPath: "Tools/FeedBench/Photos"), here]
        for directory in candidates {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            let photos = names.filter { $0.hasSuffix(".jpg") }.sorted().compactMap { name in
                (try? Data(contentsOf: directory.appendingPathComponent(name))).map { (String(name.dropLast(4)), $0) }
            }
            if !photos.isEmpty { return photos }
        }
        return []
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
