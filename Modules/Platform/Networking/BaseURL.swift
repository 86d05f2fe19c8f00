import Foundation

/// Checks a server address a person typed, such as the value of `--server`.
public enum BaseURL {
    /// The URL in `text` if it is an http or https URL with a host and no query or fragment;
    /// trailing slashes are dropped. Otherwise `invalidURL` says what is wrong.
    public static func parse(_ text: String) throws(HTTPError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let quoted = "\"\(trimmed)\""
        guard !trimmed.isEmpty else {
            throw .invalidURL("\"\": the server address is empty; give one like http://127.0.0.1:8080")
        }
        guard let schemeEnd = trimmed.range(of: "://") else {
            // "htp:/x" or "localhost:8080": say what was typed wrong, not only that "://" is missing.
            if let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].isEmpty,
                trimmed[..<colon].allSatisfy(\.isLetter),
                trimmed[trimmed.index(after: colon)...].first?.isNumber != true
            {
                let scheme = trimmed[..<colon].lowercased()
                guard scheme == "http" || scheme == "https" else {
                    throw .invalidURL("\(quoted): the scheme must be http or https, not \(scheme)")
                }
                throw .invalidURL("\(quoted): write the scheme with two slashes, like \(scheme)://127.0.0.1:8080")
            }
            throw .invalidURL("\(quoted): the address has no scheme; write it as http://\(trimmed)")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL("\(quoted): the scheme must be http or https, not \(scheme)")
        }
        guard let components = URLComponents(string: trimmed), var url = components.url else {
            throw .invalidURL("\(quoted): not a valid URL; write it like http://127.0.0.1:8080")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL("\(quoted): the address has no host; write it like http://127.0.0.1:8080")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw .invalidURL("\(quoted): the port must be between 1 and 65535")
        }
        if let query = components.percentEncodedQuery {
            throw .invalidURL("\(quoted): the address must not have a query (?\(query))")
        }
        if let fragment = components.percentEncodedFragment {
            throw .invalidURL("\(quoted): the address must not have a fragment (#\(fragment))")
        }
        if components.user != nil || components.password != nil {
            throw .invalidURL("\(quoted): the address must not contain a user name or password")
        }
        var trimmedPath = components.percentEncodedPath
        while trimmedPath.hasSuffix("/") { trimmedPath.removeLast() }
        if trimmedPath != components.percentEncodedPath {
            var cleaned = components
            cleaned.percentEncodedPath = trimmedPath
            if let cleanedURL = cleaned.url { url = cleanedURL }
        }
        return url
    }
}
