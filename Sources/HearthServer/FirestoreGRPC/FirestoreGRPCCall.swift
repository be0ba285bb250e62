import Foundation
import HearthCore
import HearthDatabase
import HearthFirestore
import HearthGRPC
import HearthHTTP

/// What a Firestore gRPC method decodes before it calls `FirestoreService`: who calls (the
/// `authorization` metadata, through the same `IdentityProvider` as REST) and which database
/// the request's resource names point at. The gRPC twin of `RESTCall`.
///
/// Resource names in the request decide the database, as on Google's servers; when a request
/// leaves its `database` empty, `google-cloud-resource-prefix` (every SDK sends it) or
/// `x-goog-request-params` (`database=…` from Python, the bare name from iOS) names it.
struct FirestoreGRPCCall: Sendable {
    let caller: Caller
    let context: GRPCCallContext

    /// Decodes identity first: a bad credential is refused before anything else, as on REST.
    init(_ context: GRPCCallContext, identities: IdentityResolver) throws(IdentityError) {
        self.context = context
        let credential = try context.metadata["authorization"].map { header throws(IdentityError) in
            try IdentityResolver.bearerToken(header)
        }
        let peer = context.remoteAddress
        // Only `owner` needs the peer (gRPC clients send no Origin: no page can reach this).
        let from =
            credential == "owner"
            ? CredentialContext(peer: peer?.ip, peerIsLoopback: peer?.isLoopback ?? true, untrustedOrigin: nil) : .local
        self.caller = try identities.provider.caller(presenting: credential, from: from, now: WallClock.milliseconds())
    }

    /// The database a `projects/{p}/databases/{d}` field names, or the metadata's when empty.
    func database(_ name: String, field: String) throws(FirestoreError) -> DatabaseID {
        guard name.isEmpty else { return try Self.parseDatabase(name, field: field) }
        if let prefix = self.context.metadata["google-cloud-resource-prefix"], !prefix.isEmpty {
            return try Self.parseDatabase(prefix, field: "google-cloud-resource-prefix")
        }
        if let params = self.context.metadata["x-goog-request-params"] {
            for pair in params.split(separator: "&") {
                let decoded = Self.percentDecoded(String(pair))
                let value = decoded.hasPrefix("database=") ? String(decoded.dropFirst("database=".count)) : decoded
                if value.hasPrefix("projects/") { return try Self.parseDatabase(value, field: "x-goog-request-params") }
            }
        }
        throw .invalidArgument("\(field) is required: name the database as projects/{project_id}/databases/{database_id}.")
    }

    /// A `parent` of the form `projects/{p}/databases/{d}/documents[/{document path}]`: the
    /// database and the parent document (nil for the root).
    func parent(_ name: String, field: String = "parent") throws(FirestoreError) -> (database: DatabaseID, document: DocumentPath?) {
        let marker = "/documents"
        guard let range = name.range(of: marker), name[..<range.lowerBound].hasPrefix("projects/") else {
            throw .invalidArgument(
                "Invalid \(field) \"\(name)\": expected projects/{project_id}/databases/{database_id}/documents[/{document_path}].")
        }
        let database = try Self.parseDatabase(String(name[..<range.lowerBound]), field: field)
        let rest = name[range.upperBound...]
        guard !rest.isEmpty else { return (database, nil) }
        guard rest.hasPrefix("/") else {
            throw .invalidArgument(
                "Invalid \(field) \"\(name)\": expected projects/{project_id}/databases/{database_id}/documents[/{document_path}].")
        }
        let segments = rest.dropFirst().slashSeparated()
        guard segments.count % 2 == 0 else {
            throw .invalidArgument("Invalid \(field) \"\(name)\": the parent must be a document (an even number of segments after documents/).")
        }
        return (database, try DocumentPath(segments: segments))
    }

    /// A full document name: its database and path.
    func document(_ name: String, field: String) throws(FirestoreError) -> (database: DatabaseID, path: DocumentPath) {
        do {
            let parsed = try DocumentName(parsing: name)
            return (parsed.database, parsed.path)
        } catch {
            throw .invalidArgument("Invalid value at '\(field)': \(error.message)")
        }
    }

    private static func parseDatabase(_ name: String, field: String) throws(FirestoreError) -> DatabaseID {
        let decoded = Self.percentDecoded(name)
        do {
            return try DatabaseID(parsing: decoded)
        } catch {
            throw .invalidArgument("Invalid \(field) \"\(name)\": \(error.message)")
        }
    }

    /// `%XX` escapes decoded (`%28default%29` in Python's request params); text that is not
    /// valid UTF-8 once decoded is kept as sent.
    private static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let high = Self.hex(utf8[utf8.startIndex]),
                let low = Self.hex(utf8[utf8.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
