/// The knobs of a server that `feed serve` options set and tests or a chaos driver turn while it
/// runs (`FeedServer.update`): faults, flags and the pace of new posts. Each is listed only here.
public struct FeedServerFaults: Sendable, Equatable {
    /// Delay before every answer, in milliseconds.
    public var latencyMS: Int
    /// Probability (0…1) that any request is answered 503.
    public var failRate: Double
    /// Probability (0…1) that `GET /v1/likes` is answered 503.
    public var likesFailRate: Double
    /// Extra delay before answering a like write, in milliseconds.
    public var likeLatencyMS: Int
    /// While on, `GET /v1/likes` waits (at most a minute) before answering: a test's gate.
    public var holdLikesReads = false
    /// While on, photos wait (at most a minute) before answering: a test's gate (a placeholder
    /// stays on screen until the test has seen it, however loaded the machine).
    public var holdPhotos = false
    /// Probability (0…1) that a like write is applied and then answered 500 anyway.
    public var likeApplyThenFailRate: Double
    /// Extra delay before answering a photo, in milliseconds.
    public var photoLatencyMS: Int
    /// Share (0…1) of photo ids answered with a hostile body instead of their JPEG (chosen by id,
    /// the same on every request): garbage bytes, a truncated JPEG, a header claiming a huge
    /// progressive picture, or the real photo after a 2 s stall.
    public var hostilePhotoShare: Double
    /// Requests allowed per wall-clock second; more are answered 429 with `Retry-After: 1`. nil = no limit.
    public var rateLimit: Int?
    /// How many ids of the previous page each later page repeats first.
    public var repeatIDs: Int
    /// Post ids whose like writes are refused with 403 (a permanent refusal).
    public var refuseLikes: Set<String>
    /// Whether `GET /v1/feed` answers 200 with a body that is not valid JSON.
    public var malformedFeed: Bool
    /// Publish one new post every this many seconds; nil = never.
    public var newPostsEverySeconds: Double?
    /// The flags `GET /v1/flags` serves.
    public var flags: [String: Bool]
    /// Another user likes or unlikes a post every this many milliseconds (`GET /v1/live` tells); nil = never.
    public var othersLikeEveryMS: Int? = nil
    /// A hostile `GET /v1/live` instead of the real one; nil = the real stream.
    public var liveFault: LiveStreamFault? = nil
    /// A comment on a quiet `GET /v1/live` after this many milliseconds.
    public var liveKeepAliveMS = 15_000

    /// Creates knobs; the defaults inject no fault.
    public init(
        latencyMS: Int = 0,
        failRate: Double = 0,
        likesFailRate: Double = 0,
        likeLatencyMS: Int = 0,
        likeApplyThenFailRate: Double = 0,
        photoLatencyMS: Int = 0,
        hostilePhotoShare: Double = 0,
        rateLimit: Int? = nil,
        repeatIDs: Int = 0,
        refuseLikes: Set<String> = [],
        malformedFeed: Bool = false,
        newPostsEverySeconds: Double? = nil,
        flags: [String: Bool] = [:]
    ) {
        self.latencyMS = latencyMS
        self.failRate = failRate
        self.likesFailRate = likesFailRate
        self.likeLatencyMS = likeLatencyMS
        self.likeApplyThenFailRate = likeApplyThenFailRate
        self.photoLatencyMS = photoLatencyMS
        self.hostilePhotoShare = hostilePhotoShare
        self.rateLimit = rateLimit
        self.repeatIDs = repeatIDs
        self.refuseLikes = refuseLikes
        self.malformedFeed = malformedFeed
        self.newPostsEverySeconds = newPostsEverySeconds
        self.flags = flags
    }
}
