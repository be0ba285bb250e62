import HearthFirestore
import HearthHTTP
import HearthJSON

/// JSON request bodies, parsed whatever the Content-Type says.
///
/// The JS lite SDK sends `text/plain`, rules-unit-testing sends none, so the header is not
/// consulted. An empty body is `{}` (production treats an absent message as empty).
enum RequestBody {
    static func json(of request: Request) throws(FirestoreError) -> JSONValue {
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .object(JSONObject([]))
        }
        do {
            return try JSONParser.parse(request.body)
        } catch {
            throw .invalidArgument("Invalid JSON payload received. \(error.description)")
        }
    }
}
