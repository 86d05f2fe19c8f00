/// The platform's own events: the generic ones the app sends whatever follow-ups it has (the host
/// and the platform modules send them). A feature's events are declared in the feature.
///
/// | name | properties | meaning |
/// |---|---|---|
/// | `first_page` | `source` (network, saved), `ms` | the first page of the feed is on screen, `ms` after start |
/// | `first_content` | `ms` | the first frame with rows was drawn, `ms` after start |
/// | `page_load` | `outcome` (ok, failed), `ms`, `page` | one page of the feed was asked for |
/// | `store_write` | `store` (each store's module names it), `outcome` (ok, failed) | a write to a store on the device |
/// | `image_cache` | `memory_hits`, `disk_hits`, `network_loads`, `decodes`, `decode_ms` | a run's photos by cache tier, and their mean decode time |
/// | `frame` | `ms`, `hitch` (1 when over 16 ms) | one frame of the terminal screen was drawn |
/// | `cold_start` | `requests`, `bytes`, `ms` | what the start cost until the first content |
/// | `error` | `code`, `message` | something went wrong that the user may see (never sampled) |
/// | `crash` | `signal` | the previous run ended on a fatal signal (never sampled) |
extension TelemetryEvent {
    /// Where a first page came from.
    public enum PageSource: String, Sendable { case network, saved }

    /// The platform's names: only the platform makes events of these names (a module's own of the same name is refused).
    public static let platformNames: Set<String> = [
        "first_page", "first_content", "page_load", "store_write", "image_cache", "frame", "cold_start", "error", "crash",
    ]

    /// The frame time over which a frame is a hitch.
    public static let hitchMilliseconds = 16.0

    /// The first page of the feed is on screen, `milliseconds` after start.
    public static func firstPage(source: PageSource, milliseconds: Double) -> TelemetryEvent {
        platform("first_page", ["source": .text(source.rawValue), "ms": .number(milliseconds)])
    }

    /// The first frame with rows was drawn, `milliseconds` after start.
    public static func firstContent(milliseconds: Double) -> TelemetryEvent {
        platform("first_content", ["ms": .number(milliseconds)])
    }

    /// Page `page` (0 = first) of the feed was asked for: `ok` or failed after `milliseconds`.
    public static func pageLoad(ok: Bool, page: Int, milliseconds: Double) -> TelemetryEvent {
        platform("page_load", ["outcome": .text(ok ? "ok" : "failed"), "page": .number(Double(page)), "ms": .number(milliseconds)])
    }

    /// A write to `store` (a store its module declares, e.g. the like queue's `.outbox`), `ok` or failed.
    public static func storeWrite(store: Store, ok: Bool) -> TelemetryEvent {
        platform("store_write", ["store": .text(store.name), "outcome": .text(ok ? "ok" : "failed")])
    }

    /// A run's photos: answered from memory, from disk, or loaded from the network; decodes and their mean time.
    public static func imageCache(memoryHits: Int, diskHits: Int, networkLoads: Int, decodes: Int, decodeMilliseconds: Double) -> TelemetryEvent {
        platform("image_cache", [
            "memory_hits": .number(Double(memoryHits)), "disk_hits": .number(Double(diskHits)), "network_loads": .number(Double(networkLoads)),
            "decodes": .number(Double(decodes)), "decode_ms": .number(decodeMilliseconds),
        ])
    }

    /// One frame of the terminal screen took `milliseconds` to build and draw.
    public static func frame(milliseconds: Double) -> TelemetryEvent {
        platform("frame", ["ms": .number(milliseconds), "hitch": .number(milliseconds > hitchMilliseconds ? 1 : 0)], priority: .low)
    }

    /// A cold start until the first content: `requests` sent, `bytes` received, `milliseconds` taken.
    public static func coldStart(requests: Int, bytes: Int, milliseconds: Double) -> TelemetryEvent {
        platform("cold_start", ["requests": .number(Double(requests)), "bytes": .number(Double(bytes)), "ms": .number(milliseconds)])
    }

    /// Something went wrong that the user may see: a short stable `code` and a one-line `message`.
    public static func error(code: String, message: String) -> TelemetryEvent {
        platform("error", ["code": .text(code), "message": .text(message)], priority: .essential)
    }

    /// The previous run ended on fatal `signal`.
    public static func crash(signal: Int) -> TelemetryEvent {
        platform("crash", ["signal": .number(Double(signal))], priority: .essential)
    }

    private static func platform(_ name: String, _ properties: [String: TelemetryValue], priority: TelemetryPriority = .normal) -> TelemetryEvent {
        TelemetryEvent(name: name, properties: properties, priority: priority, platform: true)
    }
}
