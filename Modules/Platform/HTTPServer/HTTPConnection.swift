import Foundation

/// Serves the requests of one accepted connection on its own thread, with blocking reads.
struct HTTPConnection: Sendable {
    let fd: Int32
    let limits: HTTPServerLimits
    let handler: HTTPHandler
    let log: (@Sendable (String) -> Void)?
    let registry: ConnectionRegistry
    /// Runs this connection's handler tasks on its thread.
    let executor = ConnectionExecutor()

    private enum Head {
        /// The peer went away (or stayed silent) between requests.
        case closed
        case rejected(HTTPRequestRejection)
        case head(HTTPRequestHead)
    }

    /// Reads, handles and answers requests until the connection should close.
    func run() {
        defer { registry.close(fd) }
        Socket.configure(connection: fd, timeout: limits.idleTimeout)
        var reader = ConnectionReader(fd: fd)
        var served = 0
        while true {
            registry.waiting(fd)
            reader.expectRequest(firstByteWithin: limits.idleTimeout, thenAllWithin: limits.headTimeout)
            let head: HTTPRequestHead
            switch readHead(&reader) {
            case .closed:
                return
            case .rejected(let rejection):
                return reject(rejection)
            case .head(let parsed):
                head = parsed
            }
            let length: Int
            do {
                length = try HTTPRequestParser.contentLength(head.headers)
            } catch {
                return reject(error)
            }
            if length > limits.maxBodyBytes {
                return reject(HTTPRequestRejection(
                    status: 413, reason: "the request body is larger than the limit of \(limits.maxBodyBytes) bytes"))
            }
            if head.expectsContinue && length > 0 {
                guard Socket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
            }
            reader.expectAll(within: limits.bodyTimeout)
            guard let body = reader.read(count: length) else {
                if reader.timedOut { reject(Self.timeout("body", limits.bodyTimeout)) }
                return
            }
            registry.busy(fd)
            served += 1
            let keepAlive = !head.wantsClose && served < limits.maxRequestsPerConnection && !registry.isStopping
            let request = HTTPServerRequest(
                method: head.method, path: head.path, query: head.query, headers: head.headers, body: Data(body))
            guard let response = respond(to: request) else {
                log?("the client of \(head.method) \(head.path) closed the connection before its answer; the handler was cancelled")
                return
            }
            if let stream = response.stream, head.method != "HEAD" {
                // A streamed body: the head, then whatever the producer writes until it returns or the peer goes.
                guard Socket.sendAll(fd, HTTPResponseSerializer.bytes(response, keepAlive: false)) else { return }
                stream(HTTPStreamWriter(fd: fd, registry: registry))
                registry.answered(fd)
                return Socket.shutdownBoth(fd)
            }
            let bytes = HTTPResponseSerializer.bytes(response, keepAlive: keepAlive, includeBody: head.method != "HEAD")
            registry.answered(fd)
            guard Socket.sendAll(fd, bytes) else { return }
            guard keepAlive else {
                // Requests the client sent after this last one are read and dropped before the
                // close: closing on unread bytes resets the connection, and the reset can destroy
                // answers the client has not read yet. Meanwhile the slot may be given to a newcomer.
                registry.waiting(fd)
                return Socket.drainAfterShutdown(fd)
            }
        }
    }

    /// Runs the async handler on this (dedicated, non-cooperative) thread until it answers; nil
    /// when the client closed the connection first (the handler's task was cancelled).
    private func respond(to request: HTTPServerRequest) -> HTTPServerResponse? {
        executor.answer(request, with: handler, peerGone: { Socket.peerHasGone(fd) })
    }

    private func readHead(_ reader: inout ConnectionReader) -> Head {
        var budget = limits.maxHeaderBytes
        var requestLine: [UInt8] = []
        while requestLine.isEmpty {
            switch reader.readLine(limit: budget) {
            case .line(let line):
                requestLine = line
                budget -= line.count + 2
            case .ended(let partial, let timedOut):
                if timedOut && (partial || budget < limits.maxHeaderBytes) {
                    return .rejected(Self.timeout("head", limits.headTimeout))
                }
                return partial ? .rejected(HTTPRequestRejection(status: 400, reason: "incomplete request line")) : .closed
            case .tooLong:
                return .rejected(HTTPRequestRejection(status: 414, reason: "the request line is longer than \(limits.maxHeaderBytes) bytes"))
            }
        }
        var head: HTTPRequestHead
        do {
            head = try HTTPRequestParser.requestLine(requestLine)
        } catch {
            return .rejected(error)
        }
        while true {
            switch reader.readLine(limit: budget) {
            case .line(let line):
                if line.isEmpty { return .head(head) }
                budget -= line.count + 2
                do {
                    let (name, value) = try HTTPRequestParser.header(line)
                    if let existing = head.headers[name] {
                        head.headers[name] = existing + ", " + value
                    } else {
                        head.headers[name] = value
                    }
                } catch {
                    return .rejected(error)
                }
            case .ended(_, let timedOut):
                if timedOut { return .rejected(Self.timeout("head", limits.headTimeout)) }
                return .rejected(HTTPRequestRejection(status: 400, reason: "incomplete request headers"))
            case .tooLong:
                return .rejected(HTTPRequestRejection(status: 431, reason: "the request headers are larger than \(limits.maxHeaderBytes) bytes"))
            }
        }
    }

    private static func timeout(_ part: String, _ limit: Duration) -> HTTPRequestRejection {
        let milliseconds = limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000
        return HTTPRequestRejection(status: 408, reason: "the request \(part) did not arrive within \(milliseconds) ms; send it at once")
    }

    /// Answers with a JSON error, then closes gracefully so the client can read the answer.
    private func reject(_ rejection: HTTPRequestRejection) {
        log?("HTTP \(rejection.status): \(rejection.reason); closing the connection")
        let response = HTTPResponseSerializer.error(rejection.status, rejection.reason)
        guard Socket.sendAll(fd, HTTPResponseSerializer.bytes(response, keepAlive: false)) else { return }
        Socket.drainAfterShutdown(fd)
    }
}
