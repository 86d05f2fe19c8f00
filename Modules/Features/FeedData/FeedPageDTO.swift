import Foundation

/// The server's page format (GET /v1/feed). Never leaves this module.
struct FeedPageDTO: Decodable, Sendable {
    let items: [Lossy<PostDTO>]
    let nextCursor: String?
}

/// One post as the server sends it. The optional fields (`commentCount`, `createdAt`,
/// `image.placeholder`, `image.renditions`) decode to nothing when absent or malformed, so an old
/// or hostile server never costs the post.
struct PostDTO: Decodable, Sendable {
    struct AuthorDTO: Decodable, Sendable {
        let id: String
        let name: String
    }

    struct RenditionDTO: Decodable, Sendable {
        let width: Int
        let url: URL
    }

    struct ImageDTO: Decodable, Sendable {
        /// The most rendition entries read; the rest of a longer list is never decoded.
        static let renditionsRead = 64

        let url: URL
        let width: Int
        let height: Int
        let placeholder: String?
        let renditions: [RenditionDTO]

        private enum CodingKeys: String, CodingKey {
            case url, width, height, placeholder, renditions
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(URL.self, forKey: .url)
            width = try container.decode(Int.self, forKey: .width)
            height = try container.decode(Int.self, forKey: .height)
            placeholder = (try? container.decodeIfPresent(String.self, forKey: .placeholder)) ?? nil
            var renditions: [RenditionDTO] = []
            if var list = try? container.nestedUnkeyedContainer(forKey: .renditions) {
                while !list.isAtEnd, renditions.count < Self.renditionsRead {
                    let before = list.currentIndex
                    if let rendition = try? list.decode(RenditionDTO.self) {
                        renditions.append(rendition)
                    } else if list.currentIndex == before {
                        // A malformed entry does not advance the container: skip it, or stop.
                        guard (try? list.decode(Skipped.self)) != nil else { break }
                    }
                }
            }
            self.renditions = renditions
        }
    }

    let id: String
    let author: AuthorDTO
    let caption: String?
    let image: ImageDTO
    let likeCount: Int
    let commentCount: Int?
    let createdAt: String?

    private enum CodingKeys: String, CodingKey {
        case id, author, caption, image, likeCount, commentCount, createdAt
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        author = try container.decode(AuthorDTO.self, forKey: .author)
        caption = try container.decodeIfPresent(String.self, forKey: .caption)
        image = try container.decode(ImageDTO.self, forKey: .image)
        likeCount = try container.decode(Int.self, forKey: .likeCount)
        commentCount = (try? container.decodeIfPresent(Int.self, forKey: .commentCount)) ?? nil
        createdAt = (try? container.decodeIfPresent(String.self, forKey: .createdAt)) ?? nil
    }
}

/// Any JSON value, decoded only to step over it.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// An element that decodes to `nil` instead of failing the whole array.
struct Lossy<Wrapped: Decodable & Sendable>: Decodable, Sendable {
    let value: Wrapped?

    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}
