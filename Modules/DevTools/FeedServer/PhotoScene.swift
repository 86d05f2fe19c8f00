import ImageCodec

/// A generated photo-like picture: a sky gradient, a sun, hills, a few blocks on the horizon, a
/// vignette and film grain. Every parameter is drawn from the seed and the post id, so each post
/// has its own picture and the same one at every size.
struct PhotoScene: Sendable {
    private struct Ridge {
        var base: Float, amplitude: Float, frequency: Float, phase: Float
        var color: (Float, Float, Float)
    }

    private struct Block {
        var left: Float, right: Float, top: Float
        var color: (Float, Float, Float)
    }

    private let skyTop: (Float, Float, Float)
    private let skyBottom: (Float, Float, Float)
    private let groundTop: (Float, Float, Float)
    private let groundBottom: (Float, Float, Float)
    private let horizon: Float
    private let sun: (u: Float, v: Float, radius: Float, color: (Float, Float, Float))
    private let ridges: [Ridge]
    private let blocks: [Block]
    private let grain: UInt64

    init(seed: UInt64, id: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var random = SplitMix64(seed: seed ^ hash)
        let hue = Float(random.nextDouble())
        let warmth = Float(random.nextDouble())
        skyTop = Self.hsv(hue, 0.55 + 0.3 * warmth, 0.45 + 0.3 * Float(random.nextDouble()))
        skyBottom = Self.hsv(hue + 0.08 + 0.1 * warmth, 0.35 + 0.4 * warmth, 0.85 + 0.15 * Float(random.nextDouble()))
        let groundHue = Float(random.nextDouble())
        groundTop = Self.hsv(groundHue, 0.45, 0.45 + 0.2 * Float(random.nextDouble()))
        groundBottom = Self.hsv(groundHue + 0.05, 0.55, 0.15 + 0.15 * Float(random.nextDouble()))
        let horizon = 0.45 + 0.3 * Float(random.nextDouble())
        self.horizon = horizon
        sun = (0.15 + 0.7 * Float(random.nextDouble()), horizon * (0.2 + 0.6 * Float(random.nextDouble())),
               0.04 + 0.08 * Float(random.nextDouble()), Self.hsv(0.08 + 0.08 * Float(random.nextDouble()), 0.35, 1))
        var ridges: [Ridge] = []
        for layer in 0..<(1 + random.nextInt(below: 3)) {
            let depth = Float(layer + 1)
            ridges.append(Ridge(
                base: horizon - 0.02 * depth, amplitude: 0.05 + 0.12 * Float(random.nextDouble()) / depth,
                frequency: 1 + 4 * Float(random.nextDouble()), phase: 6.28 * Float(random.nextDouble()),
                color: Self.hsv(groundHue + 0.5 + 0.1 * Float(random.nextDouble()), 0.3, 0.25 + 0.12 * depth)))
        }
        self.ridges = ridges
        var blocks: [Block] = []
        for _ in 0..<random.nextInt(below: 5) {
            let left = Float(random.nextDouble()) * 0.9
            blocks.append(Block(
                left: left, right: left + 0.03 + 0.08 * Float(random.nextDouble()),
                top: horizon - 0.05 - 0.2 * Float(random.nextDouble()),
                color: Self.hsv(Float(random.nextDouble()), 0.2, 0.15 + 0.3 * Float(random.nextDouble()))))
        }
        self.blocks = blocks
        grain = random.next()
    }

    /// The picture's mean colour as `#rrggbb` (drawn at 8 × 8 pixels and averaged): its placeholder.
    var dominantColor: String {
        let small = render(width: 8, height: 8)
        var sums = [0, 0, 0]
        for (offset, value) in small.pixels.enumerated() { sums[offset % 3] += Int(value) }
        let count = max(1, small.pixels.count / 3)
        let digits = Array("0123456789abcdef")
        return "#" + sums.map { sum in
            let byte = min(255, sum / count)
            return String([digits[byte >> 4], digits[byte & 15]])
        }.joined()
    }

    /// The picture drawn at `width` × `height` pixels.
    func render(width: Int, height: Int) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let columns = (0..<width).map { (Float($0) + 0.5) / Float(width) }
        let ridgeTops = ridges.map { ridge in
            columns.map { u in ridge.base - ridge.amplitude * (0.5 + 0.5 * Self.wave(ridge.frequency * u * 6.2832 + ridge.phase)) }
        }
        let aspect = Float(width) / Float(height)
        let vignetteX = columns.map { u in 1 - 0.6 * (u - 0.5) * (u - 0.5) }
        pixels.withUnsafeMutableBufferPointer { output in
            for y in 0..<height {
                let v = (Float(y) + 0.5) / Float(height)
                let background = v < horizon
                    ? Self.mix(skyTop, skyBottom, v / horizon)
                    : Self.mix(groundTop, groundBottom, (v - horizon) / max(0.001, 1 - horizon))
                let vignetteY = 1 - 0.6 * (v - 0.5) * (v - 0.5)
                for x in 0..<width {
                    let u = columns[x]
                    var color = background
                    if v < horizon {
                        let du = (u - sun.u) * aspect, dv = v - sun.v
                        let distance = (du * du + dv * dv).squareRoot()
                        if distance < sun.radius * 1.6 {
                            let glow = distance < sun.radius ? 1 : 1 - (distance - sun.radius) / (sun.radius * 0.6)
                            color = Self.mix(color, sun.color, glow)
                        }
                        for (index, ridge) in ridges.enumerated() where v >= ridgeTops[index][x] {
                            color = Self.mix(ridge.color, background, 0.25 * (horizon - v) / max(0.001, horizon - ridgeTops[index][x]))
                        }
                        for block in blocks where u >= block.left && u < block.right && v >= block.top {
                            color = block.color
                        }
                    }
                    let noise = Float(Int(Self.hash(UInt64(x), UInt64(y), grain) & 31) - 16)
                    let shade = vignetteX[x] * vignetteY
                    let offset = (y * width + x) * 3
                    output[offset] = Self.byte(color.0 * 255 * shade + noise)
                    output[offset + 1] = Self.byte(color.1 * 255 * shade + noise)
                    output[offset + 2] = Self.byte(color.2 * 255 * shade + noise)
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func mix(_ a: (Float, Float, Float), _ b: (Float, Float, Float), _ t: Float) -> (Float, Float, Float) {
        let t = min(1, max(0, t))
        return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    /// A smooth periodic curve in -1…1 (a cheap sine).
    private static func wave(_ x: Float) -> Float {
        let t = x / 6.2832 - (x / 6.2832).rounded(.down)
        let p = t < 0.5 ? t * 4 - 1 : 3 - t * 4
        return p * (1.5 - 0.5 * p * p)
    }

    private static func hash(_ x: UInt64, _ y: UInt64, _ seed: UInt64) -> UInt64 {
        var z = seed &+ x &* 0x9E37_79B9_7F4A_7C15 &+ y &* 0xC2B2_AE3D_27D4_EB4F
        z = (z ^ (z >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 29)
    }

    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(255, max(0, value)))
    }

    private static func hsv(_ hue: Float, _ saturation: Float, _ value: Float) -> (Float, Float, Float) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Float(Int(h))
        let p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f))
        switch sector {
        case 0: return (value, t, p)
        case 1: return (q, value, p)
        case 2: return (p, value, t)
        case 3: return (p, q, value)
        case 4: return (t, p, value)
        default: return (value, p, q)
        }
    }
}
