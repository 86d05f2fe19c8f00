/// The client's name while it ran on URLSession; kept so that code written against that name
/// still builds (with a warning and a fix-it). Use `HTTPTransportClient`.
@available(*, deprecated, renamed: "HTTPTransportClient")
public typealias URLSessionHTTPClient = HTTPTransportClient
