import Foundation
import HTTPServer

/// The like routes: reading which posts the user likes, and writing one like.
extension FeedRouter {
    func likes(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let text = request.queryValue("postIds") else {
            return Self.error(400, "postIds is required: a comma-separated list of post ids, e.g. postIds=p1,p2")
        }
        var seen = Set<String>()
        var ids: [String] = []
        for piece in text.split(separator: ",") {
            let id = piece.trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty, seen.insert(id).inserted else { continue }
            ids.append(id)
            if ids.count > Self.maxLikeIDs {
                return Self.error(400, "at most \(Self.maxLikeIDs) postIds per request")
            }
        }
        let liked = state.withLock { state in
            ids.filter { id in state.catalog.indexByID[id].map { state.liked[$0] } ?? false }
        }
        return Self.json(200, FeedServerDTO.Likes(liked: liked))
    }

    func like(_ id: String, _ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let wanted = try? JSONDecoder().decode(FeedServerDTO.LikeRequest.self, from: request.body) else {
            let exists = state.withLock { $0.catalog.indexByID[id] != nil }
            if !exists { return Self.error(404, "no post with id \(id)") }
            return Self.error(400, #"the body must be JSON {"liked": true} or {"liked": false}"#)
        }
        enum Outcome {
            case unknown, refused, appliedThenFailed
            case saved(FeedServerDTO.LikeReply)
        }
        let outcome = state.withLock { state -> Outcome in
            guard let index = state.catalog.indexByID[id] else { return .unknown }
            if state.faults.refuseLikes.contains(id) { return .refused }
            if state.liked[index] != wanted.liked {
                state.setLikes(index, liked: wanted.liked, count: state.likeCounts[index] + (wanted.liked ? 1 : -1))
                state.changed.insert(index)
            }
            let failRate = state.faults.likeApplyThenFailRate
            if failRate > 0 && state.faultRandom.chance(failRate) { return .appliedThenFailed }
            return .saved(FeedServerDTO.LikeReply(liked: state.liked[index], likeCount: state.likeCounts[index], version: state.likeVersions[index]))
        }
        switch outcome {
        case .saved, .appliedThenFailed: publishLike(id)
        default: break
        }
        switch outcome {
        case .unknown:
            return Self.error(404, "no post with id \(id)")
        case .refused:
            return Self.error(403, "the server refuses likes on post \(id)")
        case .appliedThenFailed:
            return Self.error(500, "the like was saved, then the server failed on purpose (fault injection); retry")
        case .saved(let reply):
            return Self.json(200, reply)
        }
    }
}
