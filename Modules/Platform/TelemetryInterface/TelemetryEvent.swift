// The TelemetryInterface module: the typed events, their registry, consent and the tracker handle.

/// Every event the app tracks: the one registry. Each case's name and properties are listed
/// here, and nowhere else (`name`, `properties`); a new event is a new case.
///
/// | name | properties | meaning |
/// |---|---|---|
/// | `first_page` | `source` (network, saved), `ms` | the first page of the feed is on screen, `ms` after start |
/// | `first_content` | `ms` | the first frame with rows was drawn, `ms` after start |
/// | `page_load` | `outcome` (ok, failed), `ms`, `page` | one page of the feed was asked for |
/// | `like` | `outcome` (saved, queued, failed, superseded) | one call of the like use case ended |
/// | `store_write` | `store` (cache, outbox), `outcome` (ok, failed) | a write of saved pages or of the like outbox |
/// | `image_cache` | `memory_hits`, `disk_hits`, `network_loads`, `decodes`, `decode_ms` | a run's photos by cache tier, and their mean decode time |
/// | `frame` | `ms`, `hitch` (1 when over 16 ms) | one frame of the terminal screen was drawn |
/// | `cold_start` | `requests`, `bytes`, `ms` | what the start cost until the first content |
/// | `end_of_rows` | `wait_ms` | the reader reached the last loaded row and waited `wait_ms` for the next page (the feed's `rowAppeared`) |
/// | `stream_reconnect` | `attempt`, `wait_ms` | live-updates: the stream is about to reconnect, after `wait_ms` of backoff |
/// | `error` | `code`, `message` | something went wrong that the user may see (never sampled) |
/// | `crash` | `signal` | the previous run ended on a fatal signal (never sampled) |
public enum TelemetryEvent: Sendable, Equatable {
    /// Where a first page came from.
    public enum PageSource: String, Sendable { case network, saved }
    /// Which store a write went to.
    public enum Store: String, Sendable { case cache, outbox }

    /// The first page of the feed is on screen, `milliseconds` after start.
    case firstPage(source: PageSource, milliseconds: Double)
    /// The first frame with rows was drawn, `milliseconds` after start.
    case firstContent(milliseconds: Double)
    /// Page `page` (0 = first) of the feed was asked for: `ok` or failed after `milliseconds`.
    case pageLoad(ok: Bool, page: Int, milliseconds: Double)
    /// One call of the like use case ended (`saved`, `queued`, `failed`, `superseded`).
    case like(outcome: String)
    /// A write of saved pages or of the like outbox, `ok` or failed.
    case storeWrite(store: Store, ok: Bool)
    /// A run's photos: answered from memory, from disk, or loaded from the network; decodes and their mean time.
    case imageCache(memoryHits: Int, diskHits: Int, networkLoads: Int, decodes: Int, decodeMilliseconds: Double)
    /// One frame of the terminal screen took `milliseconds` to build and draw.
    case frame(milliseconds: Double)
    /// A cold start until the first content: `requests` sent, `bytes` received, `milliseconds` taken.
    case coldStart(requests: Int, bytes: Int, milliseconds: Double)
    /// The reader reached the last loaded row and waited `milliseconds` for the next page.
    case endOfRows(waitMilliseconds: Double)
    /// Reserved for live-updates: the event stream reconnected (`attempt`, after `waitMilliseconds`).
    case streamReconnect(attempt: Int, waitMilliseconds: Double)
    /// Something went wrong that the user may see: a short stable `code` and a one-line `message`.
    case error(code: String, message: String)
    /// The previous run ended on fatal `signal`.
    case crash(signal: Int)

    /// The frame time over which a frame is a hitch.
    public static let hitchMilliseconds = 16.0

    /// The event's name in the registry.
    public var name: String {
        switch self {
        case .firstPage: "first_page"
        case .firstContent: "first_content"
        case .pageLoad: "page_load"
        case .like: "like"
        case .storeWrite: "store_write"
        case .imageCache: "image_cache"
        case .frame: "frame"
        case .coldStart: "cold_start"
        case .endOfRows: "end_of_rows"
        case .streamReconnect: "stream_reconnect"
        case .error: "error"
        case .crash: "crash"
        }
    }

    /// The event's properties, as the registry names them.
    public var properties: [String: TelemetryValue] {
        switch self {
        case .firstPage(let source, let ms): ["source": .text(source.rawValue), "ms": .number(ms)]
        case .firstContent(let ms): ["ms": .number(ms)]
        case .pageLoad(let ok, let page, let ms): ["outcome": .text(ok ? "ok" : "failed"), "page": .number(Double(page)), "ms": .number(ms)]
        case .like(let outcome): ["outcome": .text(outcome)]
        case .storeWrite(let store, let ok): ["store": .text(store.rawValue), "outcome": .text(ok ? "ok" : "failed")]
        case .imageCache(let memory, let disk, let network, let decodes, let decode):
            ["memory_hits": .number(Double(memory)), "disk_hits": .number(Double(disk)), "network_loads": .number(Double(network)),
             "decodes": .number(Double(decodes)), "decode_ms": .number(decode)]
        case .frame(let ms): ["ms": .number(ms), "hitch": .number(ms > Self.hitchMilliseconds ? 1 : 0)]
        case .coldStart(let requests, let bytes, let ms): ["requests": .number(Double(requests)), "bytes": .number(Double(bytes)), "ms": .number(ms)]
        case .endOfRows(let wait): ["wait_ms": .number(wait)]
        case .streamReconnect(let attempt, let wait): ["attempt": .number(Double(attempt)), "wait_ms": .number(wait)]
        case .error(let code, let message): ["code": .text(code), "message": .text(String(message.prefix(200)))]
        case .crash(let signal): ["signal": .number(Double(signal))]
        }
    }

    /// How much the event is worth keeping when the queue is full: the lowest go first.
    public var priority: TelemetryPriority {
        switch self {
        case .error, .crash: .essential
        case .frame: .low
        default: .normal
        }
    }

    /// Errors and crashes are never sampled: every install sends every one.
    public var isSampled: Bool { priority != .essential }

    /// Whether the event counts as a failure in `feed stats` (a failed page, like or write, an error, a crash).
    public var isFailure: Bool {
        switch self {
        case .pageLoad(let ok, _, _), .storeWrite(_, let ok): !ok
        case .like(let outcome): outcome == "failed"
        case .error, .crash: true
        default: false
        }
    }
}
