import Foundation

extension HTTPServerRequest {
    /// The body's `application/x-www-form-urlencoded` fields (`+` as a space, percent-decoded; the
    /// first 8 KiB read, the first of a repeated name kept).
    public var formFields: [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body.prefix(8_192), as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            if parts.count == 2, fields[parts[0]] == nil { fields[parts[0]] = parts[1] }
        }
        return fields
    }
}
