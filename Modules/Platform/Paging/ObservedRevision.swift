import Observation

/// A change count observers track a generic type through: a generic type's own observed
/// properties would instantiate a key path at run time on every read and write.
@MainActor @Observable @usableFromInline
final class ObservedRevision {
    private var count = 0

    /// Tells an observer that tracks this read about the next change.
    func read() { _ = count }

    /// Something changed: observers that read hear about it.
    @usableFromInline func changed() { count &+= 1 }
}
