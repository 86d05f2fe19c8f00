import FeedInterface

/// A post pipeline that keeps the filters added and counts each change of mind, telling observers
/// as the app's does.
@MainActor
final class RecordingPipeline: PostPipeline {
    private(set) var filters: [any PostFilter] = []
    private(set) var revision = 0
    private var observers: [@MainActor () -> Void] = []

    func add(_ filter: any PostFilter) { filters.append(filter) }

    func keeps(_ post: Post) -> Bool { filters.allSatisfy { $0.keeps(post) } }

    func filtersChanged() {
        revision += 1
        for onChange in observers { onChange() }
    }

    func observe(_ observer: AnyObject, _ onChange: @escaping @MainActor () -> Void) { observers.append(onChange) }
}
