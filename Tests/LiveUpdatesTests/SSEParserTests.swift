import Testing

@testable import LiveUpdates

/// The stream's parser: the SSE line rules, and bounded memory on hostile input.
@Suite struct SSEParserTests {
    private func parse(_ text: String, maxBytes: Int = 1 << 16) throws(SSEParser.Problem) -> [SSEParser.Message] {
        var parser = SSEParser(maxBytes: maxBytes)
        var messages: [SSEParser.Message] = []
        try parser.feed(Array(text.utf8)) { messages.append($0) }
        return messages
    }

    @Test func linesEndInLFCRorCRLFAndCommentsAndUnknownFieldsAreSkipped() throws {
        let messages = try parse(": hello\r\nretry: 1000\r\n\r\nid: 1\revent: likes\rdata: {\"a\":1}\r\rid: 2\nfoo: bar\ndata: x\ndata: y\n\n")
        #expect(messages == [
            SSEParser.Message(id: "1", event: "likes", data: "{\"a\":1}"),
            SSEParser.Message(id: "2", event: "message", data: "x\ny"),
        ])
    }

    @Test func anEventArrivesInAnyPiecesAndOnlyWhenItsBlankLineCame() throws {
        var parser = SSEParser(maxBytes: 1 << 16)
        var messages: [SSEParser.Message] = []
        for byte in Array("id: 7\r\nevent: flags\r\ndata: {}\r\n".utf8) { try parser.feed([byte]) { messages.append($0) } }
        #expect(messages.isEmpty)
        try parser.feed(Array("\r\n".utf8)) { messages.append($0) }
        #expect(messages == [SSEParser.Message(id: "7", event: "flags", data: "{}")])
    }

    @Test func anEndlessLineAndAHugeEventAreProblemsNotBuffers() {
        #expect(throws: SSEParser.Problem.lineTooLong(limit: 1024)) { try parse("data: " + String(repeating: "x", count: 5000), maxBytes: 1024) }
        let lines = String(repeating: "data: " + String(repeating: "y", count: 500) + "\n", count: 10)
        #expect(throws: SSEParser.Problem.eventTooLarge(limit: 1024)) { try parse(lines, maxBytes: 1024) }
    }

    @Test func garbageNeverCrashesAndEndsInEventsOrAProblem() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var parser = SSEParser(maxBytes: 512)
            let bytes = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &random) }
            var count = 0
            do throws(SSEParser.Problem) {
                try parser.feed(bytes) { _ in count += 1 }
            } catch {
                #expect(error == .lineTooLong(limit: 512) || error == .eventTooLarge(limit: 512))
            }
            #expect(count >= 0)
        }
    }
}
