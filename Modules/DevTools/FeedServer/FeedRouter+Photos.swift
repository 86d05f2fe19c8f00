import Foundation
import HTTPServer
import ImageCodec

/// The photo route: generated JPEGs, resized on request, cached forever by clients.
extension FeedRouter {
    /// The widest `w` a client may ask for; a photo is never served wider than its original.
    static let maxPhotoWidth = 4096

    /// `GET /v1/photos/{id}.jpg[?w=N]`: the post's photo, `N` pixels wide (at most the original),
    /// area-averaged from the original as a CDN's renditions are.
    func photo(_ id: String, _ request: HTTPServerRequest) async -> HTTPServerResponse {
        guard let post = state.withLock({ state in state.catalog.indexByID[id].map { state.catalog.posts[$0] } }) else {
            return Self.error(404, "no photo with id \(id)")
        }
        var width = post.width
        if let text = request.queryValue("w") {
            guard let asked = Int(text), (1...Self.maxPhotoWidth).contains(asked) else {
                return Self.error(400, "w must be an integer from 1 to \(Self.maxPhotoWidth), got \"\(text.prefix(40))\"")
            }
            width = min(asked, post.width)
        }
        let height = max(1, Int((Double(post.height) * Double(width) / Double(post.width)).rounded()))
        if let hostile = HostilePhoto.of(id, seed: seed, share: faults.hostilePhotoShare) {
            return await hostilePhoto(hostile, id: id, width: width, height: height)
        }
        let tag = EntityTag.of(Data("photo/1/\(seed)/\(id)/\(width)x\(height)".utf8))
        let headers = [("Cache-Control", "public, max-age=31536000, immutable"), ("ETag", tag)]
        if EntityTag.matches(request.headers["if-none-match"], tag) {
            return HTTPServerResponse(status: 304, headers: headers)
        }
        // A client that went away while the photo waited its latency gets nothing drawn.
        if Task.isCancelled { return Self.clientGone }
        let key = PhotoStore.Key(id: id, width: width)
        let original = PixelSize(width: post.width, height: post.height)
        guard let jpeg = await photos.jpeg(key, height: height, scene: PhotoScene(seed: seed, id: id), original: original) else {
            return Self.error(500, "the photo of \(id) could not be encoded")
        }
        return HTTPServerResponse(status: 200, headers: [("Content-Type", "image/jpeg")] + headers, body: jpeg)
    }

    /// A hostile photo: no ETag (a client cannot revalidate it), never cached by the server.
    private func hostilePhoto(_ hostile: HostilePhoto, id: String, width: Int, height: Int) async -> HTTPServerResponse {
        if hostile == .slow { try? await Task.sleep(for: .seconds(2)) }
        var honest = Data()
        if hostile == .truncated || hostile == .slow {
            honest = await photos.jpeg(PhotoStore.Key(id: id, width: width), height: height, scene: PhotoScene(seed: seed, id: id)) ?? Data()
        }
        let body = hostile.body(honest: honest, seed: seed &+ UInt64(id.utf8.count))
        return HTTPServerResponse(status: 200, headers: [("Content-Type", "image/jpeg"), ("Cache-Control", "no-store")], body: body)
    }

    /// The absolute URL of a post's photo on this server, as a CDN's would be.
    func photoURL(_ id: String) -> String {
        "http://127.0.0.1:\(publicPort.withLock { $0 })/v1/photos/\(id).jpg"
    }
}
