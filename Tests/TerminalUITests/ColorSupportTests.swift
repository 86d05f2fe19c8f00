import Testing
import TerminalUI

@Suite struct ColorSupportTests {
    @Test func noColorTurnsColourOff() {
        #expect(ColorSupport.isEnabled(environment: [:]))
        #expect(ColorSupport.isEnabled(environment: ["TERM": "xterm-256color"]))
        #expect(!ColorSupport.isEnabled(environment: ["NO_COLOR": "1"]))
        #expect(ColorSupport.isEnabled(environment: ["NO_COLOR": ""]), "an empty NO_COLOR does not count")
        #expect(!ColorSupport.isEnabled(environment: ["TERM": "dumb"]))
    }
}
