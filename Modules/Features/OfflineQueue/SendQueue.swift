import FeedInterface

/// Posts waiting for a send slot: taps first, then the drain's backlog, each post once.
struct SendQueue {
    private var urgent: [PostID] = []
    private var urgentHead = 0
    private var backlog: [PostID] = []
    private var backlogHead = 0
    private var members: Set<PostID> = []

    /// How many posts wait.
    var count: Int { members.count }

    /// Whether no post waits.
    var isEmpty: Bool { members.isEmpty }

    /// Queues a tapped post ahead of the backlog.
    mutating func pushUrgent(_ post: PostID) {
        members.insert(post)
        urgent.append(post)
    }

    /// Queues `post` behind the others, unless it already waits.
    mutating func pushBacklog(_ post: PostID) {
        if members.insert(post).inserted { backlog.append(post) }
    }

    /// The next post to send, taps first.
    mutating func pop() -> PostID? {
        while let post = Self.take(&urgent, &urgentHead) ?? Self.take(&backlog, &backlogHead) {
            // A post queued twice (backlog, then tapped) leaves at its first turn.
            if members.remove(post) != nil { return post }
        }
        return nil
    }

    private static func take(_ list: inout [PostID], _ head: inout Int) -> PostID? {
        guard head < list.count else { return nil }
        let post = list[head]
        head += 1
        if head == list.count || head > 1_024 && head * 2 > list.count {
            list.removeFirst(head)
            head = 0
        }
        return post
    }
}
