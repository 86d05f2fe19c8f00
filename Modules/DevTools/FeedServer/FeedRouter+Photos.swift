import Foundation
import HTTPServer

/// The photo route.
extension FeedRouter {
    func photo(_ id: String, _ request: HTTPServerRequest) async -> HTTPServerResponse {
        Self.error(404, "no photo with id \(id)")
    }
}
