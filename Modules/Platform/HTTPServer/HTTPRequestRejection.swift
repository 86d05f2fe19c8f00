/// A request the server refuses: the status to answer and a short reason for the client.
struct HTTPRequestRejection: Error, Equatable {
    /// The status code, e.g. 400.
    var status: Int
    /// One line saying what was wrong.
    var reason: String
}
