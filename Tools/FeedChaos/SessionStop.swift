/// Why a session stopped before its last command.
enum SessionStop: Error {
    case violation([Finding])
    case environment(String)
}
