import Foundation

extension BlurHash {
    /// The BlurHash of `image` with `componentsX` × `componentsY` cosine components (each clamped
    /// to 1…9): the DC colour and the strongest shapes, as a server sends with each photo.
    public static func encode(_ image: RGBImage, componentsX: Int = 4, componentsY: Int = 3) -> String {
        let x = min(max(1, componentsX), 9), y = min(max(1, componentsY), 9)
        let (width, height) = (image.width, image.height)
        let linear = image.pixels.map { Self.linearValue($0) }
        let across = (0..<x).map { i in (0..<width).map { cos(Double.pi * Double(i * $0) / Double(width)) } }
        let down = (0..<y).map { j in (0..<height).map { cos(Double.pi * Double(j * $0) / Double(height)) } }
        var factors: [[Double]] = []
        for j in 0..<y {
            for i in 0..<x {
                var sum = [0.0, 0.0, 0.0]
                for row in 0..<height {
                    for column in 0..<width {
                        let basis = across[i][column] * down[j][row]
                        let offset = (row * width + column) * 3
                        sum[0] += basis * linear[offset]
                        sum[1] += basis * linear[offset + 1]
                        sum[2] += basis * linear[offset + 2]
                    }
                }
                let scale = (i == 0 && j == 0 ? 1.0 : 2.0) / Double(width * height)
                factors.append(sum.map { $0 * scale })
            }
        }
        var hash = base83((x - 1) + (y - 1) * 9, length: 1)
        let ac = factors.dropFirst()
        var maximum = 1.0
        if let largest = ac.flatMap({ $0.map(abs) }).max() {
            let quantised = min(82, max(0, Int((largest * 166 - 0.5).rounded(.down))))
            maximum = Double(quantised + 1) / 166
            hash += base83(quantised, length: 1)
        } else {
            hash += base83(0, length: 1)
        }
        let dc = factors[0].map { Int(Self.sRGBByte(fromLinear: $0)) }
        hash += base83(dc[0] << 16 | dc[1] << 8 | dc[2], length: 4)
        for component in ac {
            let quantised = component.map { value -> Int in
                let scaled = value / maximum
                let root = scaled < 0 ? -(-scaled).squareRoot() : scaled.squareRoot()
                return min(18, max(0, Int((root * 9 + 9.5).rounded(.down))))
            }
            hash += base83(quantised[0] * 19 * 19 + quantised[1] * 19 + quantised[2], length: 2)
        }
        return hash
    }

    /// `value` in base 83, `length` digits.
    private static func base83(_ value: Int, length: Int) -> String {
        var digits = ""
        var rest = value
        for _ in 0..<length {
            digits.insert(alphabet[rest % 83], at: digits.startIndex)
            rest /= 83
        }
        return digits
    }

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
}
