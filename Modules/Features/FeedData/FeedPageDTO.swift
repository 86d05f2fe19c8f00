import Foundation

/// The server's page format (GET /v1/feed). Never leaves this module.
struct FeedPageDTO: Decodable, Sendable {
    let items: [Lossy<PostDTO>]
    let nextCursor: String?
}

/// One post as the server sends it.
struct PostDTO: Decodable, Sendable {
    struct AuthorDTO: Decodable, Sendable {
        let id: String
        let name: String
    }

    struct ImageDTO: Decodable, Sendable {
        let url: URL
        let width: Int
        let height: Int
    }

    let id: String
    let author: AuthorDTO
    let caption: String?
    let image: ImageDTO
    let likeCount: Int
}

/// An element that decodes to `nil` instead of failing the whole array.
struct Lossy<Wrapped: Decodable & Sendable>: Decodable, Sendable {
    let value: Wrapped?

    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}
