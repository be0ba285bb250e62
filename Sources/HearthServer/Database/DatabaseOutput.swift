import HearthDatabase

/// How a Realtime Database response body is written (`rtdb.md` §1.3, §1.6): `print`,
/// `format`, `callback` and `download`, validated at the edge.
struct DatabaseOutput: Sendable, Equatable {
    enum Print: Sendable, Equatable {
        case compact
        /// `print=pretty`: two-space indent and `"key" : value`, production's layout.
        case pretty
        /// `print=silent`: 204 with no body.
        case silent
    }

    var print: Print = .compact
    /// `format=export`: priorities included, no array rendering.
    var format: DatabaseOutputFormat = .normal
    /// `callback=fn`: JSONP, the body becomes `fn(<json>)`.
    var callback: String?
    /// `download=name`: sent as an attachment with this file name.
    var download: String?
}
