import Foundation
import Testing

@testable import Host

@Suite("the Mastodon sign-in file")
struct SignInFileTests {
    @Test("it lives under an absolute config folder only: a relative one never puts the token where feed runs")
    func directory() {
        #expect(SignInFile.directory(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"])?.path == "/cfg/feed/signins")
        #expect(SignInFile.directory(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/a"])?.path == "/home/a/.config/feed/signins")
        #expect(SignInFile.directory(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "home"]) == nil)
        #expect(SignInFile.directory(environment: [:]) == nil)
    }

    @Test("written 0600 and read back for its server and user only; another's file or a damaged one is one line")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["XDG_CONFIG_HOME": folder.path]
        let server = URL(string: "https://m.example")!
        // Made from its JSON, as a test of the host names no feature's types.
        let json = #"{"server":"https://m.example","user":"ana","app":{"clientID":"c","clientSecret":"s"},"token":"t"}"#
        let signIn = try JSONDecoder().decode(SignInFile.self, from: Data(json.utf8))
        let file = try signIn.write(environment: environment)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
        #expect(try SignInFile.read(server: server, user: "ana", environment: environment).get() == signIn)
        #expect(try SignInFile.read(server: server, user: "bob", environment: environment).get() == nil)
        try Data("not json".utf8).write(to: file)
        guard case .failure(let problem) = SignInFile.read(server: server, user: "ana", environment: environment) else {
            Issue.record("a damaged file read as a sign-in")
            return
        }
        #expect(problem.description.hasSuffix("is not one feed wrote; run `feed login` again"))
        #expect(SignInFile.delete(server: server, user: "ana", environment: environment))
    }
}
