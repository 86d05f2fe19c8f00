import Database
import Foundation
import ImagePipeline
import Networking
import Telemetry
import TelemetryInterface

/// The app's telemetry, built by the host from the consent: the pipeline (nothing with `off`),
/// a tracker per owning team, the crash recorder, and the moments the host reports (frames, the
/// first content, the exit). Nothing is opened or started before the first frame.
@MainActor
final class AppTelemetry {
    /// The files of telemetry for a user: the queue and the crash record.
    struct Files {
        var queue: URL
        var crashes: URL

        init(_ userData: UserData) {
            queue = userData.pluginFiles.file("telemetry", "sqlite")
            crashes = userData.pluginFiles.file("telemetry-crashes", "log")
        }
    }

    let settings: TelemetrySettings
    let files: Files
    private let pipeline: TelemetryPipeline?
    private let recorder: any TelemetryRecorder
    /// When the app started (the first content's and first page's times count from here).
    let started: ContinuousClock.Instant
    private let http: CountingHTTPClient?
    private var startedPipeline = false
    private var contentSeen = false
    /// Whether the first page shown came from the saved feed.
    var showsSavedFeed = false

    /// The telemetry of `settings`; `http` sends batches (consent `on`), `counting` is the app's client.
    init(settings: TelemetrySettings, options: HostOptions, userData: UserData, http: any HTTPClient, counting: CountingHTTPClient?,
         started: ContinuousClock.Instant) {
        self.settings = settings
        self.started = started
        self.http = counting
        files = Files(userData)
        guard settings.consent.records else {
            // Off: nothing recorded, and what an earlier run recorded is deleted.
            try? DatabaseFiles.delete(files.queue)
            CrashRecorder(file: files.crashes).delete()
            pipeline = nil
            recorder = NoRecorder()
            return
        }
        var configuration = TelemetryConfiguration(queueFile: files.queue, consent: settings.consent)
        // Who and where the user is never leaves the device in an error's words.
        configuration.redaction = TelemetryRedaction(secrets: [
            userData.user, userData.owner, userData.directory.path, userData.server?.absoluteString ?? "", userData.server?.host ?? "",
            NSHomeDirectory(),
        ])
        configuration.flushInterval = options.telemetryInterval
        // The events API is the feed API's; a Mastodon server takes no telemetry (OTLP still can).
        var sinks: [any TelemetrySink] = options.api == .feed ? [EventsAPISink(http: http)] : []
        if let otlp = options.otlp { sinks.append(OTLPSink(http: http, endpoint: otlp)) }
        let pipeline = TelemetryPipeline(configuration: configuration, sinks: sinks, warn: { StandardStreams.err($0) })
        self.pipeline = pipeline
        recorder = pipeline
    }

    /// The tracker for modules of team `owner`.
    func tracker(_ owner: String) -> TelemetryTracker {
        pipeline == nil ? .none : TelemetryTracker(recorder: recorder, owner: owner)
    }

    /// A frame was drawn in `duration` (`nil` when not timed, headless); `hasRows` when it shows posts.
    /// The first frame starts the pipeline; the first with rows is the first content.
    func frameDrawn(_ duration: Duration?, hasRows: Bool) {
        guard let pipeline else { return }
        if let duration { tracker("feed").track(.frame(milliseconds: duration.milliseconds)) }
        if hasRows && !contentSeen {
            contentSeen = true
            let elapsed = (ContinuousClock.now - started).milliseconds
            let feed = tracker("feed")
            feed.track(.firstContent(milliseconds: elapsed))
            if showsSavedFeed { feed.track(.firstPage(source: .saved, milliseconds: elapsed)) }
            if let cost = http?.snapshot {
                tracker("app").track(.coldStart(requests: cost.requests, bytes: cost.bytes, milliseconds: elapsed))
            }
        }
        guard !startedPipeline else { return }
        startedPipeline = true
        let crashes = CrashRecorder(file: files.crashes)
        for signal in crashes.collect() { tracker("app").track(.crash(signal: signal)) }
        try? crashes.install()
        pipeline.start()
    }

    /// Tracks the run's photo figures, writes what waits and, with `on`, sends it: at most `timeout`.
    func finish(photos: ImagePipelineMetrics?, timeout: Duration = .seconds(2)) async {
        guard let pipeline else { return }
        if let photos, photos.memoryHits + photos.memoryMisses > 0 {
            tracker("platform").track(.imageCache(
                memoryHits: photos.memoryHits, diskHits: photos.diskHits, networkLoads: photos.downloads, decodes: photos.decodes,
                decodeMilliseconds: photos.averageDecodeTime.milliseconds))
        }
        await pipeline.finish(timeout: timeout)
    }

    /// Writes what waits in memory to the queue file now, without sending (the process is about to stop).
    func writeNow() async {
        guard startedPipeline, let pipeline else { return }
        await pipeline.writeNow()
    }

    /// Logout: nothing more is recorded in this run, and the queue and the crash record are deleted;
    /// a line for stderr when that failed.
    func logout() async -> String? {
        CrashRecorder(file: files.crashes).delete()
        return await pipeline?.stopAndDelete()
    }

    private struct NoRecorder: TelemetryRecorder {
        func record(_ event: TelemetryEvent, owner: String) {}
    }
}
