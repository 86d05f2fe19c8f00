import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import Testing
import TestingSupport

/// A handler that echoes what it received as JSON.
private let echo: HTTPHandler = { request in
    let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    let object: [String: String] = [
        "method": request.method,
        "path": request.path,
        "query": query,
        "body": String(decoding: request.body, as: UTF8.self),
        "x-thing": request.headers["x-thing"] ?? "",
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return .json(200, data, headers: [("X-Served-By", "test")])
}

private func decode(_ body: [UInt8]) throws -> [String: String] {
    try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: String])
}

@Suite("HTTPServer")
struct HTTPServerTests {
    @Test("a request round-trips through URLSession with percent-decoded path and query")
    func roundTripWithURLSession() async throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        defer { server.stop() }
        #expect(server.port == port)

        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/a%20b/c?x=1%262&y=%E2%9C%93")))
        request.httpMethod = "PUT"
        request.httpBody = Data(#"{"liked":true}"#.utf8)
        request.setValue("Hello", forHTTPHeaderField: "X-Thing")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "X-Served-By") == "test")
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let echoed = try decode(Array(data))
        #expect(echoed["method"] == "PUT")
        #expect(echoed["path"] == "/a b/c")
        #expect(echoed["query"] == "x=1&2&y=✓")
        #expect(echoed["body"] == #"{"liked":true}"#)
        #expect(echoed["x-thing"] == "Hello")
    }

    @Test("one URLSession reuses connections for many sequential and concurrent requests")
    func sharedSession() async throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        for index in 0..<20 {
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/seq/\(index)"))
            let (data, response) = try await session.data(from: url)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(try decode(Array(data))["path"] == "/seq/\(index)")
        }
        let paths = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<12 {
                group.addTask {
                    let url = try #require(URL(string: "http://127.0.0.1:\(port)/par/\(index)"))
                    let (data, _) = try await session.data(from: url)
                    return try decode(Array(data))["path"] ?? ""
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(paths == Set((0..<12).map { "/par/\($0)" }))
    }

    @Test("two requests are served on one keep-alive connection; header names are case-insensitive")
    func keepAlive() async throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        defer { server.stop() }
        let (first, second) = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /one HTTP/1.1\r\nHost: x\r\nX-THING: loud\r\n\r\n")
            let first = try connection.readResponse()
            try connection.send("POST /two HTTP/1.1\r\nHost: x\r\nCONTENT-LENGTH: 5\r\n\r\nhello")
            let second = try connection.readResponse()
            return (first, second)
        }
        #expect(first.status == 200)
        #expect(first.headers["connection"] == "keep-alive")
        #expect(try decode(first.body)["path"] == "/one")
        #expect(try decode(first.body)["x-thing"] == "loud")
        #expect(second.status == 200)
        #expect(try decode(second.body)["body"] == "hello")
    }

    @Test("Connection: close and HTTP/1.0 close the connection after the response")
    func closeAfterResponse() async throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        defer { server.stop() }
        for requestText in ["GET /x HTTP/1.1\r\nConnection: close\r\n\r\n", "GET /x HTTP/1.0\r\n\r\n"] {
            let (response, closed) = try await onOwnThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(requestText)
                let response = try connection.readResponse()
                return (response, try connection.isClosedByServer())
            }
            #expect(response.status == 200)
            #expect(response.headers["connection"] == "close")
            #expect(closed)
        }
    }

    @Test("garbage on the socket gets 400 and a closed connection, and the server keeps serving")
    func garbage() async throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        defer { server.stop() }
        let garbage: [[UInt8]] = [
            Array("this is not http\r\n\r\n".utf8),
            Array("GET /x HTTP/1.1\r\nno colon here\r\n\r\n".utf8),
            Array("GET /x HTTP/1.1\r\nContent-Length: ten\r\n\r\n".utf8),
            Array("GET nopath HTTP/1.1\r\n\r\n".utf8),
            Array("GET /%zz HTTP/1.1\r\n\r\n".utf8),
            [0x00, 0xFF, 0xFE, 0x13, 0x37, 0x0A, 0x0D, 0x0A, 0x0A],
        ]
        for bytes in garbage {
            let (response, closed) = try await onOwnThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(bytes)
                let response = try connection.readResponse()
                return (response, try connection.isClosedByServer())
            }
            #expect(response.status == 400, "for \(bytes)")
            #expect(response.headers["connection"] == "close")
            #expect(response.headers["content-type"] == "application/json")
            #expect(try JSONSerialization.jsonObject(with: Data(response.body)) is [String: String])
            #expect(closed)
        }
        let after = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /still-alive HTTP/1.1\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(after.status == 200)
        #expect(try decode(after.body)["path"] == "/still-alive")
    }

    @Test("a body over the limit gets 413 and the connection closes; oversized headers get 431; chunked gets 411")
    func limits() async throws {
        let server = HTTPServer(limits: HTTPServerLimits(maxBodyBytes: 1024, maxHeaderBytes: 1024), handler: echo)
        let port = try server.start()
        defer { server.stop() }
        let tooBig = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("POST /upload HTTP/1.1\r\nContent-Length: 4096\r\n\r\n" + String(repeating: "a", count: 4096))
            let response = try connection.readResponse()
            return (response, try connection.isClosedByServer())
        }
        #expect(tooBig.0.status == 413)
        #expect(tooBig.0.text.contains("1024"))
        #expect(tooBig.1)

        let huge = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("PUT /upload HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(huge.status == 413)

        let atLimit = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("POST /upload HTTP/1.1\r\nContent-Length: 1024\r\n\r\n" + String(repeating: "b", count: 1024))
            return try connection.readResponse()
        }
        #expect(atLimit.status == 200)

        let headers = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /x HTTP/1.1\r\nX-Big: \(String(repeating: "h", count: 2048))\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(headers.status == 431)

        let chunked = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(chunked.status == 411)
    }

    @Test("an oversized body sent by URLSession gets 413")
    func oversizedWithURLSession() async throws {
        let server = HTTPServer(limits: HTTPServerLimits(maxBodyBytes: 100), handler: echo)
        let port = try server.start()
        defer { server.stop() }
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/upload")))
        request.httpMethod = "POST"
        request.httpBody = Data(repeating: 0x41, count: 5000)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 413)
    }

    @Test("Expect: 100-continue gets an interim response before the body is sent")
    func expectContinue() async throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        defer { server.stop() }
        let (interim, final) = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("PUT /x HTTP/1.1\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
            let interim = try connection.readResponse()
            try connection.send("abc")
            return (interim, try connection.readResponse())
        }
        #expect(interim.status == 100)
        #expect(final.status == 200)
        #expect(try decode(final.body)["body"] == "abc")
    }

    @Test("stop() closes open connections and frees the port; it is idempotent")
    func stopFreesPort() async throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        // Hold a keep-alive connection open across stop().
        let closedByStop = Task {
            try await onOwnThread {
                let connection = try RawHTTPConnection(port: port)
                try connection.send("GET /x HTTP/1.1\r\n\r\n")
                _ = try connection.readResponse()
                server.stop()
                return try connection.isClosedByServer()
            }
        }
        #expect(try await closedByStop.value)
        #expect(server.port == nil)
        server.stop()

        let again = HTTPServer(port: port, handler: echo)
        #expect(try again.start() == port)
        defer { again.stop() }
        let response = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /again HTTP/1.1\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(response.status == 200)
    }

    @Test("starting on a port in use throws a clear error; starting twice throws")
    func portInUse() throws {
        let first = HTTPServer(handler: echo)
        let port = try first.start()
        defer { first.stop() }
        let second = HTTPServer(port: port, handler: echo)
        #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: port)) { try second.start() }
        #expect(HTTPServerError.addressInUse(host: "127.0.0.1", port: port).description.contains("already in use"))
        #expect(throws: HTTPServerError.alreadyStarted(port: port)) { try first.start() }
        #expect(throws: HTTPServerError.invalidHost("localhost:1")) { try HTTPServer(host: "localhost:1", handler: echo).start() }
    }

    @Test("requests on separate connections are handled concurrently")
    func concurrentRequests() async throws {
        let count = 8
        let barrier = ArrivalBarrier(target: count)
        let server = HTTPServer { request in
            await barrier.arrive()
            return await echo(request)
        }
        let port = try server.start()
        defer { server.stop() }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await onOwnThread {
                        let connection = try RawHTTPConnection(port: port)
                        try connection.send("GET /c\(index) HTTP/1.1\r\n\r\n")
                        return try connection.readResponse().status
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: count))
    }

    @Test("a silent connection is closed after the idle timeout")
    func idleTimeout() async throws {
        let server = HTTPServer(limits: HTTPServerLimits(idleTimeout: .milliseconds(200)), handler: echo)
        let port = try server.start()
        defer { server.stop() }
        let closed = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port, timeoutSeconds: 10)
            return try connection.isClosedByServer()
        }
        #expect(closed)
    }

    @Test("a client that disconnects before a large response does not kill the process")
    func peerGoneBeforeResponse() async throws {
        let gate = Gate()
        let arrived = Gate()
        let server = HTTPServer { request in
            if request.path == "/slow" {
                await arrived.open()
                await gate.wait()
                return HTTPServerResponse(status: 200, body: Data(repeating: 0x42, count: 4 << 20))
            }
            return await echo(request)
        }
        let port = try server.start()
        defer { server.stop() }
        let sent = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /slow HTTP/1.1\r\n\r\n")
            return true
        }
        #expect(sent)
        await arrived.wait()
        await gate.open()
        let after = try await onOwnThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /after HTTP/1.1\r\n\r\n")
            return try connection.readResponse()
        }
        #expect(after.status == 200)
    }
}
