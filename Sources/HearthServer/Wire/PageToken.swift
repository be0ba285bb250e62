import HearthCore
import HearthFirestore
import HearthJSON

/// Opaque ListDocuments page tokens: a `ListCursor` as URL-safe base64 of a small JSON array.
///
/// `[ "<relative document path>", <Value>, … ]`. Tokens are not signed; a forged token can only
/// move the cursor, which a client could do with `orderBy` anyway.
enum PageToken {
    static func encode(_ cursor: ListCursor) -> String {
        var writer = JSONWriter()
        writer.beginArray()
        writer.string(cursor.path.relativeString)
        for value in cursor.values { FirestoreValueCodec.encode(value, into: &writer) }
        writer.endArray()
        return Base64.encodeURLSafe(writer.bytes)
    }

    static func decode(_ token: String) throws(FirestoreError) -> ListCursor {
        let invalid = FirestoreError.invalidArgument("Invalid pageToken \"\(token)\": pass the nextPageToken of the previous page unchanged, with the same orderBy.")
        guard let bytes = Base64.decode(token), case .array(let items)? = try? JSONParser.parse(bytes),
            case .string(let relative)? = items.first
        else { throw invalid }
        do {
            let path = try DocumentPath(segments: relative.slashSeparated())
            var values: [FirestoreValue] = []
            for item in items.dropFirst() { values.append(try FirestoreValueCodec.decodeValue(item, at: "pageToken")) }
            return ListCursor(values: values, path: path)
        } catch {
            throw invalid
        }
    }
}
