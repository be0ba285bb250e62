public import HearthJSON

/// Whole-namespace export and import, as the emulator's `GET /.json?format=export` and
/// `PUT /.json` (firebase-tools `hubExport.ts`; files `database_export/<ns>.json`).
///
/// The export is plain JSON with priorities (`.priority`, `.value`) and no array rendering, so
/// importing it gives back exactly the same tree; an empty namespace exports as `null`.
public enum DatabaseExport {
    /// The tree as export JSON. O(size).
    public static func json(of root: DatabaseNode) -> JSONValue {
        root.json(.export)
    }

    /// Export JSON text (compact UTF-8).
    public static func serialized(_ root: DatabaseNode) -> [UInt8] {
        root.serialized(.export)
    }

    /// A tree from export (or any plain) JSON text. Server values are refused: an export never
    /// holds them. - Throws: the `Invalid data; …` texts, with key positions in `text`.
    public static func tree(from text: [UInt8]) throws(DatabaseError) -> DatabaseNode {
        let json = try DatabaseWriteData.parse(text)
        var decoder = NodeDecoder(allowsServerValues: false)
        do {
            return try decoder.decode(json)
        } catch {
            throw DatabaseWriteData.error(for: error, json: json, text: text)
        }
    }
}
