import Arguments
import Foundation
import Networking

/// Checks a user-typed `--server` value.
enum ServerAddress {
    /// The base URL, or a usage error that says what is wrong with it.
    static func parse(_ text: String) throws(ArgumentError) -> URL {
        do {
            return try BaseURL.parse(text)
        } catch {
            throw ArgumentError("--server: \(error.description)")
        }
    }
}
