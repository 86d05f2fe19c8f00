/// How hard SQLite syncs to disk on commit (`PRAGMA synchronous`).
public enum Synchronous: String, Sendable {
    /// In WAL mode a commit survives the process being killed; the last commits may roll back on power loss.
    case normal = "NORMAL"
    /// Every commit is synced to disk before it returns: survives power loss too, slower.
    case full = "FULL"
}
