import FeedInterface
import Foundation
import HTTPServer
import LikesInterface
import Networking
import Synchronization

/// A like server on 127.0.0.1 that records every `PUT /v1/posts/{id}/like` it answers.
final class LoopbackLikeServer: Sendable {
    /// The writes answered, from the server's threads.
    private final class Log: Sendable {
        let writes = Mutex<[(post: String, liked: Bool)]>([])
    }

    private let log = Log()
    private let server: HTTPServer
    /// Where it listens, e.g. `http://127.0.0.1:41234`.
    let baseURL: URL

    init() throws {
        let log = log
        server = HTTPServer { request in
            let parts = request.path.split(separator: "/")
            guard request.method == "PUT", parts.count == 4, parts[0] == "v1", parts[1] == "posts", parts[3] == "like",
                let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
                let liked = body["liked"] as? Bool
            else { return HTTPServerResponse(status: 404) }
            log.writes.withLock { $0.append((String(parts[2]), liked)) }
            return .json(200, Data(#"{"liked":\#(liked),"likeCount":\#(liked ? 1 : 0)}"#.utf8))
        }
        let port = try server.start()
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    deinit { server.stop() }

    /// Every like write answered, in order.
    var writes: [(post: String, liked: Bool)] { log.writes.withLock { $0 } }
}

/// The like write over HTTP, as the app's repository sends it (the tests may not link `Likes`).
struct HTTPLikes: LikesRepository {
    private struct Reply: Decodable { let liked: Bool; let likeCount: Int }
    private struct Body: Encodable { let liked: Bool }

    let http: any HTTPClient

    func setLiked(_ liked: Bool, post: PostID) async throws -> LikeResult {
        let request = try HTTPRequest.json(.put, "/v1/posts/\(post.rawValue)/like", body: Body(liked: liked), isIdempotent: true)
        let reply = try await http.send(request, decoding: Reply.self)
        return LikeResult(liked: reply.liked, likeCount: reply.likeCount)
    }
}
