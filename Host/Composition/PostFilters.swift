import FeedInterface
import PluginInterface

/// The app's post pipeline: the filters follow-ups add, in the plugin list's order, and the
/// screens that apply them again when one changes its mind.
@MainActor
final class PostFilters: PostPipeline {
    private var filters: [any PostFilter] = []
    private var observers: [(observer: Weak, onChange: @MainActor () -> Void)] = []
    private(set) var revision = 0

    /// A weak reference, so an observer that went away is dropped.
    private struct Weak {
        weak var object: AnyObject?
    }

    func add(_ filter: any PostFilter) { filters.append(filter) }

    func keeps(_ post: Post) -> Bool { filters.allSatisfy { $0.keeps(post) } }

    func filtersChanged() {
        revision += 1
        observers.removeAll { $0.observer.object == nil }
        for (_, onChange) in observers { onChange() }
    }

    func observe(_ observer: AnyObject, _ onChange: @escaping @MainActor () -> Void) {
        observers.removeAll { $0.observer.object == nil }
        observers.append((Weak(object: observer), onChange))
    }
}
