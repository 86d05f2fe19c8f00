import Foundation
import Networking

/// One `GET /v1/flags`, conditional when an ETag is known, with the answer range-checked: a
/// body over `bodyLimit`, of the wrong shape, or with values that are not Booleans is refused or
/// trimmed here, before anything else sees it.
struct RemoteFlagsFetcher: Sendable {
    /// What one fetch found.
    enum Outcome: Sendable {
        /// A 200 with usable flags, and the problems met in it (unknown keys, non-Boolean values).
        case fresh(RemoteFlagsSnapshot, diagnostics: [String])
        /// A 304: the values sent with `etag` are still current.
        case notModified
        /// No usable answer; `.decoding` means the server answered but the body was refused.
        case failed(HTTPError)
    }

    /// The largest flags body accepted.
    static let bodyLimit = 262_144
    /// How diagnostics name this source.
    static let origin = "remote flags (GET \(FlagResolver.remotePath))"

    let client: any HTTPClient
    let registry: FlagRegistry
    /// The time allowed for one attempt.
    let timeout: Duration
    /// Retries the client may make (it waits out a short `Retry-After` itself).
    let retryLimit: Int

    /// Fetches the flags, sending `If-None-Match: etag` when there is one; `now` dates the answer.
    func fetch(etag: String?, now: @Sendable () -> Date) async -> Outcome {
        var request = HTTPRequest.get(FlagResolver.remotePath)
        request.timeout = timeout
        request.retryLimit = retryLimit
        if let etag = RemoteFlagsSnapshot.validETag(etag) { request.headers["If-None-Match"] = etag }
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await client.send(request)
        } catch .status(code: 304, message: _) {
            return .notModified
        } catch {
            return .failed(error)
        }
        if response.status == 304 { return .notModified }
        switch await FlagDocument.decode(response.body, limit: Self.bodyLimit) {
        case .failure(let error):
            return .failed(error)
        case .success(let document):
            var diagnostics: [String] = []
            let entries = document.entries(origin: Self.origin, diagnostics: &diagnostics)
            let values = registry.accept(entries, origin: Self.origin, diagnostics: &diagnostics)
            let snapshot = RemoteFlagsSnapshot(
                values: values, etag: response.header("ETag"), fetchedAt: now(),
                registryFingerprint: registry.fingerprint)
            return .fresh(snapshot, diagnostics: diagnostics)
        }
    }
}
