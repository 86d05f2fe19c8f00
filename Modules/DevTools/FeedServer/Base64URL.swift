import Foundation

/// The opaque text form of cursors: base64url without padding, safe in a query string.
enum Base64URL {
    /// `text` as base64url without padding.
    static func encode(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The UTF-8 text behind `encoded`; nil when it is empty, over 64 characters, or not base64url.
    static func decode(_ encoded: String) -> String? {
        guard !encoded.isEmpty, encoded.count <= 64 else { return nil }
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
