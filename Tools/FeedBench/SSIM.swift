import Foundation
import ImageCodec

/// The structural similarity of two images' luma (BT.601), the mean over 8×8 windows a
/// stride of 4 apart (Wang et al. 2004, with K₁ = 0.01, K₂ = 0.03): 1 when identical.
enum SSIM {
    static func of(_ image: RGBImage, against reference: RGBImage) -> Double {
        precondition(image.size == reference.size, "SSIM needs images of one size")
        let a = luma(image), b = luma(reference)
        let c1: Double = 2.55 * 2.55, c2: Double = 7.65 * 7.65
        let window = 8
        var total = 0.0, count = 0
        for top in stride(from: 0, through: image.height - window, by: 4) {
            for left in stride(from: 0, through: image.width - window, by: 4) {
                var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
                for y in top..<(top + window) {
                    for x in left..<(left + window) {
                        let (p, q) = (a[y * image.width + x], b[y * image.width + x])
                        sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q
                    }
                }
                let n = Double(window * window)
                let (ma, mb) = (sa / n, sb / n)
                let (va, vb, cov) = (saa / n - ma * ma, sbb / n - mb * mb, sab / n - ma * mb)
                total += (2 * ma * mb + c1) * (2 * cov + c2) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                count += 1
            }
        }
        return count == 0 ? 1 : total / Double(count)
    }

    private static func luma(_ image: RGBImage) -> [Double] {
        stride(from: 0, to: image.pixels.count, by: 3).map { (index: Int) -> Double in
            let red = 0.299 * Double(image.pixels[index]), green = 0.587 * Double(image.pixels[index + 1])
            return red + green + 0.114 * Double(image.pixels[index + 2])
        }
    }
}
