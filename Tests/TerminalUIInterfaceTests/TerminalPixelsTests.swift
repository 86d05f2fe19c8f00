import Testing
import TerminalUIInterface

@Suite("terminal pixels: only a whole image is one")
struct TerminalPixelsTests {
    @Test("width × height × 3 bytes is an image; anything else, or a side not positive, is none")
    func shape() {
        #expect(TerminalPixels(width: 2, height: 1, rgb: [1, 2, 3, 4, 5, 6])?.rgb.count == 6)
        #expect(TerminalPixels(width: 2, height: 1, rgb: [1, 2, 3]) == nil)
        #expect(TerminalPixels(width: 0, height: 1, rgb: []) == nil)
        #expect(TerminalPixels(width: -1, height: -3, rgb: [1, 2, 3]) == nil)
    }

    @Test("sides whose product overflows are refused, not trapped on")
    func overflow() {
        #expect(TerminalPixels(width: Int.max, height: 2, rgb: []) == nil)
        #expect(TerminalPixels(width: 1 << 62, height: 1, rgb: []) == nil)
    }
}
