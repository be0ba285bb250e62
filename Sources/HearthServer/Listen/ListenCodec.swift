import HearthFirestore
import HearthJSON

/// The JSON of Hearth's Firestore listen protocol (README "Listening"); `SSEEncoder` frames it
/// as one `snapshot` event per snapshot, its `id` the resume token (the snapshot's read time,
/// RFC 3339), and the data one line of JSON:
/// `{"readTime":…,"changes":[{"type":"added","document":{…},"oldIndex":-1,"newIndex":0}],"size":1,"initial":true}`
/// (`initial` on the first snapshot, `reset` on a full snapshot that replaces the client's).
enum ListenCodec {
    static func json(_ snapshot: ListenSnapshot, in database: DatabaseID) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 128 + 256 * snapshot.changes.count)
        writer.beginObject()
        writer.key("readTime")
        writer.string(snapshot.readTime.rfc3339)
        writer.key("changes")
        writer.beginArray()
        for change in snapshot.changes {
            writer.beginObject()
            writer.key("type")
            writer.string(change.kind.rawValue)
            writer.key("document")
            DocumentCodec.encode(change.document, in: database, mask: nil, into: &writer)
            writer.key("oldIndex")
            writer.integer(Int64(change.oldIndex))
            writer.key("newIndex")
            writer.integer(Int64(change.newIndex))
            writer.endObject()
        }
        writer.endArray()
        writer.key("size")
        writer.integer(Int64(snapshot.size))
        switch snapshot.kind {
        case .initial:
            writer.key("initial")
            writer.bool(true)
        case .reset:
            writer.key("reset")
            writer.bool(true)
        case .delta:
            break
        }
        writer.endObject()
        return writer.bytes
    }

    /// The final `error` event's data: Google's error JSON, after which the stream ends.
    static func json(_ error: FirestoreError) -> [UInt8] {
        FirestoreErrorResponse.body(for: error)
    }
}
