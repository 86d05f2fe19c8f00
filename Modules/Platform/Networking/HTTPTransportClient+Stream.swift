import Foundation
import Synchronization

extension HTTPTransportClient {
    /// Streams `request`'s 2xx body to `receive` as it arrives: one attempt, its deadline the
    /// request's total deadline (a day when not given); the caller reconnects, backs off and
    /// notices silence itself.
    public func stream(_ request: HTTPRequest, receive: @escaping @Sendable (Data) -> Bool) async throws(HTTPError) {
        let url: URL
        if let absolute = request.url { url = try Self.absolute(absolute) } else {
            url = try Self.url(base: configuration.baseURL, path: request.path, query: request.query)
        }
        let token = Self.sameOrigin(url, configuration.baseURL) ? await configuration.tokens?.currentToken() : nil
        let deadline = request.totalDeadline ?? .seconds(86_400)
        let host = Self.hostDescription(url)
        let stoppedByReceiver = Atomic(false)
        let outcome = await TransferAttempt.run(
            CurlRequest(request, url: url, token: token), engine: engine, deadline: deadline,
            maxBodyBytes: request.maxBodyBytes ?? configuration.maxBodyBytes, host: host
        ) { bytes in
            let more = receive(Data(bytes))
            if !more { stoppedByReceiver.store(true, ordering: .releasing) }
            return more
        }
        if stoppedByReceiver.load(ordering: .acquiring) { return }
        switch outcome {
        case .success(let response) where (200..<300).contains(response.status):
            return
        case .success(let response):
            throw .status(code: response.status, message: Self.errorMessage(in: response.body))
        case .failure(let failure):
            throw TransportFailure(failure, host: host, url: url, timeout: deadline).error
        }
    }
}
