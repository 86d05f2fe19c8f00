import Foundation
import Testing
import TelemetryInterface

/// The rules every event is made by, whoever declares it: a valid name, bounded properties, and
/// the platform's events exactly as they were when the registry was a closed enum.
@Suite struct TelemetryEventRulesTests {
    @Test("the platform's events keep their names, properties and priorities (the queue's and the wire's bytes)")
    func platformEventsArePinned() {
        let pinned: [(TelemetryEvent, String, [String: TelemetryValue], TelemetryPriority)] = [
            (.firstPage(source: .saved, milliseconds: 12), "first_page", ["source": .text("saved"), "ms": .number(12)], .normal),
            (.firstContent(milliseconds: 20), "first_content", ["ms": .number(20)], .normal),
            (.pageLoad(ok: false, page: 1, milliseconds: 5), "page_load", ["outcome": .text("failed"), "page": .number(1), "ms": .number(5)], .normal),
            (.storeWrite(store: TelemetryEvent.Store("cache"), ok: true), "store_write", ["store": .text("cache"), "outcome": .text("ok")], .normal),
            (.imageCache(memoryHits: 3, diskHits: 2, networkLoads: 1, decodes: 3, decodeMilliseconds: 2), "image_cache",
             ["memory_hits": .number(3), "disk_hits": .number(2), "network_loads": .number(1), "decodes": .number(3), "decode_ms": .number(2)], .normal),
            (.frame(milliseconds: 17), "frame", ["ms": .number(17), "hitch": .number(1)], .low),
            (.coldStart(requests: 3, bytes: 1_000, milliseconds: 40), "cold_start", ["requests": .number(3), "bytes": .number(1_000), "ms": .number(40)], .normal),
            (.error(code: "x", message: "y"), "error", ["code": .text("x"), "message": .text("y")], .essential),
            (.crash(signal: 11), "crash", ["signal": .number(11)], .essential),
        ]
        for (event, name, properties, priority) in pinned {
            #expect(event.name == name)
            #expect(event.properties == properties, "\(name)")
            #expect(event.priority == priority, "\(name)")
            #expect(event.isValid, "\(name)")
        }
        #expect(Set(pinned.map(\.1)) == TelemetryEvent.platformNames, "every platform name has its event, and no other")
    }

    @Test("a name is lowercase snake_case of at most 40 characters")
    func names() {
        for name in ["like", "stream_reconnect", "end_of_rows", "a", "x2", "http2_push", String(repeating: "a", count: 40)] {
            #expect(TelemetryEvent.isValidName(name), "\(name)")
            #expect(TelemetryEvent(name: name).isValid, "\(name)")
        }
        let refused = [
            "", "Like", "stream-reconnect", "stream.reconnect", "stream reconnect", "_like", "like_", "end__of_rows", "2fast",
            "lïke", "like\u{1B}[2J", "like\n", "like\u{0}", "like\u{202E}", String(repeating: "a", count: 41),
        ]
        for name in refused {
            #expect(!TelemetryEvent.isValidName(name), "\(name.debugDescription)")
            #expect(!TelemetryEvent(name: name).isValid, "\(name.debugDescription)")
        }
    }

    @Test("the platform's names are its own: a module's event of one of them is not valid")
    func platformNamesAreReserved() {
        for name in TelemetryEvent.platformNames {
            #expect(!TelemetryEvent(name: name, properties: ["ms": .number(1)]).isValid, "\(name)")
        }
        #expect(!TelemetryEvent(name: "crash", properties: ["signal": .number(11)], priority: .essential).isValid, "no module fakes a crash")
        #expect(TelemetryEvent.crash(signal: 11).isValid)
    }

    @Test("a hostile name of a megabyte is refused and kept short while the event exists")
    func hugeNames() {
        let event = TelemetryEvent(name: String(repeating: "a", count: 1 << 20))
        #expect(!event.isValid)
        #expect(event.name.unicodeScalars.count <= TelemetryEvent.maxNameLength + 1)
        let escape = TelemetryEvent(name: "\u{1B}]52;c;" + String(repeating: "é", count: 100_000))
        #expect(!escape.isValid && escape.name.unicodeScalars.count <= TelemetryEvent.maxNameLength + 1)
    }

    @Test("properties are bounded: snake_case keys, at most 16, texts of 200 characters and 256 bytes, finite numbers")
    func boundedProperties() {
        var many: [String: TelemetryValue] = [:]
        for index in 0..<40 { many["key_\(String(format: "%02d", index))"] = .number(Double(index)) }
        many["Bad Key"] = .text("dropped")
        many["bad-key"] = .text("dropped")
        let event = TelemetryEvent(name: "many_properties", properties: many)
        #expect(event.isValid, "too many properties are cut, the event is kept")
        #expect(event.properties.count == TelemetryEvent.maxProperties)
        #expect(Set(event.properties.keys) == Set((0..<16).map { "key_\(String(format: "%02d", $0))" }), "the first keys in order are kept")

        let texts = TelemetryEvent(name: "texts", properties: [
            "ascii": .text(String(repeating: "x", count: 10_000)),
            "accents": .text(String(repeating: "é", count: 300)),
            "emoji": .text(String(repeating: "👩‍👩‍👧‍👦", count: 50)),
            "zalgo": .text("z" + String(repeating: "\u{0301}", count: 100_000)),
            "short": .text("saved"),
            "nan": .number(.nan), "infinity": .number(-.infinity), "number": .number(12.5),
        ])
        for (key, value) in texts.properties {
            guard let text = value.text else { continue }
            #expect(text.utf8.count <= TelemetryEvent.maxTextBytes && text.count <= TelemetryEvent.maxTextLength, "\(key)")
        }
        #expect(texts.properties["ascii"] == .text(String(repeating: "x", count: 200)))
        #expect(texts.properties["accents"] == .text(String(repeating: "é", count: 128)), "cut at 256 bytes, never inside a scalar")
        #expect(texts.properties["zalgo"]?.text?.unicodeScalars.count == 128, "one character of 100,001 scalars: cut by its bytes (1 + 127 × 2)")
        #expect(texts.properties["short"] == .text("saved"))
        #expect(texts.properties["nan"] == .number(0) && texts.properties["infinity"] == .number(0) && texts.properties["number"] == .number(12.5))
        #expect(texts == texts, "nothing left that is not equal to itself")
    }

    @Test("a feature's event is a failure by its outcome, sampled by its priority")
    func featureEventsFollowTheSameRules() {
        let failed = TelemetryEvent(name: "bookmark_saved", properties: ["outcome": .text("failed")])
        #expect(failed.isFailure && failed.isSampled && failed.priority == .normal)
        #expect(!TelemetryEvent(name: "bookmark_saved", properties: ["outcome": .text("ok")]).isFailure)
        #expect(!TelemetryEvent(name: "bookmark_alarm", priority: .essential).isSampled)
    }

    @Test("every event name declared in the workspace's modules is valid, not the platform's, and declared once")
    func declaredNamesAreUnique() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let pattern = try NSRegularExpression(pattern: #"TelemetryEvent\(name: "([^"]*)""#)
        var declared: [String: [String]] = [:]
        for folder in ["Modules", "Host", "Examples", "Tools"] {
            let files = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                // The type's own documentation shows an example; declarations are code.
                let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }.joined(separator: "\n")
                for match in pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                    guard let range = Range(match.range(at: 1), in: code) else { continue }
                    declared[String(code[range]), default: []].append(file.lastPathComponent)
                }
            }
        }
        #expect(Set(declared.keys).isSuperset(of: ["stream_reconnect", "like", "end_of_rows"]), "\(declared)")
        for (name, files) in declared {
            #expect(TelemetryEvent.isValidName(name), "\(name) in \(files)")
            #expect(!TelemetryEvent.platformNames.contains(name), "\(name) in \(files) is the platform's")
            #expect(files.count == 1, "\(name) is declared in \(files): one declaration per event")
        }
    }
}
