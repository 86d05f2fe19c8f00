/// An HTTP request method.
public enum HTTPMethod: String, Hashable, Sendable {
    case get = "GET"
    case put = "PUT"
    case post = "POST"
    case delete = "DELETE"
}
