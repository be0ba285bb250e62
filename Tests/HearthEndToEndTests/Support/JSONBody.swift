import Foundation
import HearthTesting

/// Black-box access to response bodies: Foundation's parser, independent of Hearth's own.
extension RawHTTPResponse {
    var json: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: Data(self.body), options: [.fragmentsAllowed]) as? [String: Any] else {
                throw HearthProcessError(message: "expected a JSON object, got \(self.bodyText)")
            }
            return object
        }
    }

    /// `error.status` of a Google error body.
    var errorStatus: String? {
        ((try? self.json)?["error"] as? [String: Any])?["status"] as? String
    }

    /// `error.message` of a Google error body.
    var errorMessage: String {
        (((try? self.json)?["error"] as? [String: Any])?["message"] as? String) ?? ""
    }
}

extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    func string(_ key: String) -> String? { self[key] as? String }
    func array(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
}

/// A Firestore documents URL for `project`.
func documentsURL(_ project: String, _ path: String = "", database: String = "(default)") -> String {
    "/v1/projects/\(project)/databases/\(database)/documents" + (path.isEmpty ? "" : "/" + path)
}
