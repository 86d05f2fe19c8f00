/// Formats comment counts the same way everywhere: "no comments", "1 comment", "1,204 comments".
public enum CommentsText {
    /// The text for `count`; a negative count reads as none.
    public static func format(_ count: Int) -> String {
        switch count {
        case ...0: "no comments"
        case 1: "1 comment"
        default: "\(LikesText.grouped(count)) comments"
        }
    }
}
