/// A pipeline revision the fetch records on the main actor.
@MainActor
final class PipelineRevision: Sendable {
    var revision = 0
    nonisolated init() {}
}
