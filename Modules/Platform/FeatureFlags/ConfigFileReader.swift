import Foundation
import PrivateFiles
import Networking

/// Reads the flags config file: the user's own file, so a symbolic link to it is followed, but
/// it must be a regular file under `sizeLimit` holding a `FlagDocument`.
enum ConfigFileReader {
    /// The largest config file read (a flags file is a few hundred bytes; this leaves room).
    static let sizeLimit = 4 * 1024 * 1024

    /// The document, or `nil` when the file is missing (silently) or unusable (one diagnostic).
    static func read(_ file: URL, diagnostics: inout [String]) -> FlagDocument? {
        let prefix = "config file \(file.path) ignored"
        let data: Data
        switch PrivateFile.contents(of: file.path, limit: sizeLimit) {
        case .success(let contents):
            data = contents
        case .failure(.missing):
            return nil
        case .failure(.directory):
            diagnostics.append("\(prefix): it is a directory; point it at a JSON file like \(FlagDocument.example)")
            return nil
        case .failure(let error):
            diagnostics.append("\(prefix): \(error)")
            return nil
        }
        do {
            return try JSONDecoder().decode(FlagDocument.self, from: data)
        } catch {
            var detail = "not valid JSON"
            if let decodingError = error as? DecodingError,
                case .decoding(let path, let reason) = JSONBody.describe(decodingError)
            {
                detail = "\(reason) at \(path)"
            }
            diagnostics.append("\(prefix): \(detail); expected \(FlagDocument.example)")
            return nil
        }
    }
}
