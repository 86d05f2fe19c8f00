import Foundation
import Mastodon
import PrivateFiles

/// A sign-in to a Mastodon-API server (`feed login`): the app and the token, kept 0600 in the
/// config directory (`$XDG_CONFIG_HOME/feed/signins`), one file per server and user. Never
/// logged, shown or cached elsewhere; `feed logout` revokes and deletes it.
struct SignInFile: Codable, Equatable {
    /// The server signed in to.
    let server: String
    /// Whose sign-in this is (`--user`).
    let user: String
    /// The app registered there.
    let app: MastodonSignIn.App
    /// The access token.
    let token: String

    /// The largest sign-in file read.
    static let sizeLimit = 16_384

    /// The folder of sign-ins, or nil without an absolute `XDG_CONFIG_HOME` or `HOME` (a relative
    /// one would put the token under whatever folder feed runs in).
    static func directory(environment: [String: String]) -> URL? {
        let absolute = { (path: String?) in path.flatMap { $0.hasPrefix("/") ? $0 : nil } }
        guard let config = absolute(environment["XDG_CONFIG_HOME"]) ?? absolute(environment["HOME"]).map({ $0 + "/.config" }) else {
            return nil
        }
        return URL(fileURLWithPath: config, isDirectory: true).appendingPathComponent("feed/signins", isDirectory: true)
    }

    /// The file name of `user`'s sign-in to `server`: readable, plus a hash of the exact pair.
    static func name(server: URL, user: String) -> String {
        let readable = "\(server.host ?? "server")\(server.port.map { "-\($0)" } ?? "")-\(user)".filter { $0.isLetter || $0.isNumber || "-_.".contains($0) }
        return "\(readable.prefix(80))-\(String(UserData.fnv1a("\(server.absoluteString)\n\(user)"), radix: 16)).json"
    }

    /// `user`'s sign-in to `server`; nil when there is none, a line saying why when it cannot be read.
    static func read(server: URL, user: String, environment: [String: String]) -> Result<SignInFile?, Unusable> {
        guard let directory = directory(environment: environment) else { return .success(nil) }
        switch PrivateFile.contents(named: name(server: server, user: user), in: directory, limit: sizeLimit) {
        case .success(let data):
            guard let signIn = try? JSONDecoder().decode(SignInFile.self, from: data), signIn.server == server.absoluteString, signIn.user == user else {
                return .failure(Unusable(description: "the sign-in in \(directory.path) is not one feed wrote; run `feed login` again"))
            }
            return .success(signIn)
        case .failure(.missing):
            return .success(nil)
        case .failure(let error):
            return .failure(Unusable(description: "the sign-in in \(directory.path) cannot be used: \(error); run `feed login` again"))
        }
    }

    /// Why a sign-in on disk cannot be used, as one line.
    struct Unusable: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes this sign-in whole, 0600, in a 0700 folder; returns where.
    func write(environment: [String: String]) throws(PrivateFile.WriteError) -> URL {
        guard let server = URL(string: server), let directory = Self.directory(environment: environment) else {
            throw PrivateFile.WriteError(action: "find", path: "the config directory", reason: "set XDG_CONFIG_HOME or HOME")
        }
        let name = Self.name(server: server, user: user)
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        try PrivateFile.writeAtomically(data, named: name, in: directory)
        return directory.appendingPathComponent(name)
    }

    /// Deletes `user`'s sign-in to `server`, if any; true when one was deleted.
    @discardableResult
    static func delete(server: URL, user: String, environment: [String: String]) -> Bool {
        guard let directory = directory(environment: environment) else { return false }
        return unlink(directory.appendingPathComponent(name(server: server, user: user)).path) == 0
    }
}
