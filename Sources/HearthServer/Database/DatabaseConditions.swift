/// The ETag side of a Realtime Database request (`rtdb.md` §2).
struct DatabaseConditions: Sendable, Equatable {
    /// `X-Firebase-ETag: true`: answer with the ETag of the value.
    var wantsETag = false
    /// `if-match`: write only if the current value has this ETag (`null_etag`: only if absent).
    var ifMatch: String?
    /// `if-none-match`: a read answers 304 if the current value still has this ETag.
    var ifNoneMatch: String?

    /// Whether the response carries an `ETag` header (asked for, or implied by a condition).
    var returnsETag: Bool { self.wantsETag || self.ifMatch != nil || self.ifNoneMatch != nil }
}
