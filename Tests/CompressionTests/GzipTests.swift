import Compression
import Foundation
import Testing

@Suite struct GzipTests {
    @Test func roundTripsAndShrinksRepetitiveJSON() throws {
        let text = Data(String(repeating: #"{"name":"page_load","owner":"feed"},"#, count: 500).utf8)
        let compressed = Gzip.compress(text)
        #expect(compressed.count < text.count / 10)
        #expect(compressed.prefix(2) == Data([0x1f, 0x8b]), "a gzip member starts with its magic bytes")
        #expect(try Gzip.decompress(compressed, limit: 1 << 20) == text)
    }

    @Test func emptyInputRoundTrips() throws {
        #expect(try Gzip.decompress(Gzip.compress(Data()), limit: 10) == Data())
    }

    @Test func refusesGarbageTruncationAndBombs() throws {
        #expect(throws: Gzip.Failure.corrupt) { try Gzip.decompress(Data("not gzip at all".utf8), limit: 1 << 20) }
        let compressed = Gzip.compress(Data(repeating: 7, count: 100_000))
        #expect(throws: Gzip.Failure.corrupt) { try Gzip.decompress(compressed.prefix(compressed.count / 2), limit: 1 << 20) }
        #expect(throws: Gzip.Failure.tooLarge(limit: 1_000)) { try Gzip.decompress(compressed, limit: 1_000) }
    }
}
