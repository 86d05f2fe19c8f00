import Database
import FeedInterface
import Foundation
import LikesInterface
import OfflinePagesInterface

/// The cache's rows: a post written and read back, checked like one from the network, and the reader's place.
extension SQLiteFeedCache {
    /// The saved place, checked like the rest: an offset out of range or a time that is not one is no place.
    static func anchor(in db: Connection) throws -> FeedAnchor? {
        let rows = try db.query(FeedSchema.selectAnchor) { row in
            (post: try? row.column(0, as: String.self), offset: try? row.column(1, as: Int.self), savedAt: try? row.column(2, as: Double.self))
        }
        guard let row = rows.first, let post = row.post, let offset = row.offset, (0...100_000).contains(offset),
            let savedAt = row.savedAt, savedAtRange.contains(savedAt), PostLimits.idBytes.contains(post.utf8.count)
        else { return nil }
        return FeedAnchor(post: PostID(post), lineOffset: offset, savedAt: Date(timeIntervalSinceReferenceDate: savedAt))
    }

    static func insert(_ posts: [Post], after position: Int, skipping saved: Set<PostID>, into db: Connection) throws {
        var seen = saved
        var position = position
        for post in posts where seen.insert(post.id).inserted {
            position += 1
            try db.execute(
                FeedSchema.insertPost,
                [
                    post.id.rawValue, post.author.id, post.author.name, post.caption, post.image?.url.absoluteString ?? "",
                    post.image?.width ?? 0, post.image?.height ?? 0, post.likeCount, post.like.rawValue,
                    post.commentCount, post.createdAt?.timeIntervalSinceReferenceDate, post.image?.placeholder?.hex,
                    SavedRenditions.encode(post.image?.renditions ?? []), post.image?.blurHash, post.notes.boostedBy,
                    post.notes.contentWarning, post.notes.sensitive ? 1 : nil,
                ]
            )
            try db.execute(FeedSchema.insertOrder, [position, post.id.rawValue])
        }
    }

    /// The post in `row` of `FeedSchema.selectPosts`, checked like one from the network (`PostLimits`);
    /// `nil` when a field is out of range or its photo address no longer parses (an empty one is a text post).
    static func post(_ row: borrowing Row) throws -> Post? {
        let address = try row.column(4, as: String.self)
        var image: ImageRef?
        // The version 2 and 3 fields are checked like the rest; one unreadable is dropped, never the row.
        var text: [Int: String] = [:]
        for column in 11...15 { text[column] = (try? row.column(column, as: String?.self)) ?? nil }
        if !address.isEmpty {
            guard let imageURL = URL(string: address) else { return nil }
            image = ImageRef(
                url: imageURL, width: try row.column(5), height: try row.column(6),
                placeholder: text[11].flatMap(PhotoColor.init(hex:)), renditions: SavedRenditions.decode(text[12]), blurHash: text[13])
        }
        let created = (try? row.column(10, as: Double?.self)) ?? nil
        let notes = PostNotes(boostedBy: text[14], contentWarning: text[15], sensitive: ((try? row.column(16, as: Int?.self)) ?? nil) == 1)
        return PostLimits.checked(Post(
            id: PostID(try row.column(0, as: String.self)),
            author: Author(id: try row.column(1), name: try row.column(2)),
            caption: try row.column(3),
            image: image,
            likeCount: try row.column(7),
            like: LikeState(rawValue: try row.column(8, as: String.self)) ?? .unknown,
            commentCount: (try? row.column(9, as: Int?.self)) ?? nil,
            createdAt: created.flatMap { $0.isFinite ? Date(timeIntervalSinceReferenceDate: $0) : nil },
            notes: notes
        ))
    }
}
