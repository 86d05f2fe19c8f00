import Synchronization

/// The pipeline's counters, updated from any thread.
final class MetricsRecorder: Sendable {
    private let counters = Mutex(ImagePipelineMetrics())

    /// Changes the counters.
    func record(_ change: (inout ImagePipelineMetrics) -> Void) {
        counters.withLock { change(&$0) }
    }

    /// The counters now.
    var snapshot: ImagePipelineMetrics { counters.withLock { $0 } }
}
