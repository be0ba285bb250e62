import HearthFirestore

/// Parses ListDocuments' `orderBy` parameter: `"priority desc, __name__ desc"`.
///
/// Each comma-separated item is a field path optionally followed by `asc` or `desc`
/// (case-insensitive), as the REST reference describes.
enum OrderByText {
    static func parse(_ text: String) throws(FirestoreError) -> [OrderBy] {
        var orders: [OrderBy] = []
        for item in text.split(separator: ",") {
            let words = item.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = words.first, words.count <= 2 else {
                throw .invalidArgument("Invalid orderBy \"\(text)\": expected 'field [asc|desc]' items separated by commas.")
            }
            let field: FieldPath
            do {
                field = try FieldPath(parsing: String(first))
            } catch {
                throw .invalidArgument("Invalid orderBy \"\(text)\": \(error.message)")
            }
            var direction = OrderBy.Direction.ascending
            if words.count == 2 {
                switch words[1].lowercased() {
                case "asc", "ascending": direction = .ascending
                case "desc", "descending": direction = .descending
                default: throw .invalidArgument("Invalid orderBy \"\(text)\": direction must be asc or desc, not '\(words[1])'.")
                }
            }
            orders.append(OrderBy(field: field, direction: direction))
        }
        return orders
    }
}
