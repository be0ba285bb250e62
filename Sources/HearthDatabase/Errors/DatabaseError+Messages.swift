/// Firebase's error texts, in one place so tests and callers quote the same strings.
///
/// Tagged as in `rtdb.md`: **exact** texts were observed from production (§1.5, §1.7);
/// **Hearth** texts cover cases whose production text is unknown and follow its style.
extension DatabaseError {
    /// Exact. A body that is not JSON, or is empty (PUT, POST, PATCH).
    public static let invalidJSON = Self.badRequest("Invalid data; couldn't parse JSON object, array, or value.")

    /// Exact. A PATCH body that is not a JSON object.
    public static let updateNotAnObject = Self.badRequest(
        "Invalid data; couldn't parse JSON object. Are you sending a JSON object with valid key names?")

    /// Exact. An invalid character in the URL path.
    public static let invalidPathToken = Self.badRequest("Invalid path: Invalid token in path")

    /// Exact. A write larger than 256 MB (or than its `writeSizeLimit`).
    public static let writeTooLarge = Self.badRequest(
        "Data to write exceeds the maximum size that can be modified with a single request.")

    /// Exact. Filters or limits without `orderBy`.
    public static let orderByRequired = Self.badRequest("orderBy must be defined when other query parameters are defined")

    /// Exact. An `orderBy` that is not a JSON string naming `$key`, `$value`, `$priority` or a child path.
    public static let orderByInvalid = Self.badRequest("orderBy must be a valid JSON encoded path")

    /// Exact. A range value that is not a JSON primitive (e.g. an unquoted string).
    public static let constraintNotPrimitive = Self.badRequest("Constraint index field must be a JSON primitive")

    /// Seen only in third-party clones of the server (`rtdb.md` §1.5 [?]).
    public static let equalToWithRange = Self.badRequest("equalTo cannot be specified in addition to startAt or endAt")

    /// Exact. A key in a body that is empty or holds `. $ # [ ] /` or a control character;
    /// `line`/`column` (1-based) locate its opening quote in the body.
    public static func invalidKey(line: Int, column: Int) -> Self {
        Self.badRequest(
            "Invalid data; couldn't parse key beginning at \(line):\(column). Key value can't be empty or contain $ # [ ] / or .")
    }

    /// Hearth. A path segment longer than 768 bytes of UTF-8.
    public static let pathKeyTooLong = Self.badRequest("Invalid path: Key too long (the maximum is 768 bytes)")

    /// Hearth. A URL path deeper than 32 levels.
    public static let pathTooDeep = Self.badRequest("Invalid path: Path exceeds the maximum depth of 32")

    /// Hearth (wording from the JS SDK). Data whose leaves lie deeper than 32 levels from the root.
    public static let dataTooDeep = Self.badRequest(
        "Invalid data; path specified exceeds the maximum depth that can be written (32)")

    /// Hearth. A key in a body longer than 768 bytes of UTF-8.
    public static let dataKeyTooLong = Self.badRequest("Invalid data; key too long (the maximum is 768 bytes)")

    /// Hearth. A string value larger than 10 MB.
    public static let stringTooLong = Self.badRequest("Invalid data; string value exceeds the maximum size of 10 MB")

    /// Hearth. A number the server cannot store (beyond the double range).
    public static let invalidNumber = Self.badRequest("Invalid data; number is out of range")

    /// Hearth (wording from the JS SDK). `.value` beside real children.
    public static let valueWithChildren = Self.badRequest("Invalid data; contains .value child as well as other children")

    /// Hearth (wording from the JS SDK). A `.priority` that is not a string, finite number, server value or null.
    public static let invalidPriority = Self.badRequest(
        "Invalid data; priority must be a valid string, finite number, server value, or null")

    /// Hearth. A `.sv` payload other than `"timestamp"` or `{"increment": <number>}`.
    public static let invalidServerValue = Self.badRequest(
        "Invalid data; invalid server value: expected \"timestamp\" or {\"increment\": <number>}")

    /// Hearth. A server value where only plain data may appear (imports, restores).
    public static let serverValueNotAllowed = Self.badRequest("Invalid data; server values are not allowed here")

    /// Hearth (wording from the JS SDK). Two PATCH keys where one is an ancestor of the other.
    public static func overlappingUpdate(_ ancestor: DatabasePath, _ descendant: DatabasePath) -> Self {
        Self.badRequest(
            "Invalid data; update contains a path \(ancestor) that is ancestor of another path \(descendant)")
    }

    /// Hearth. `limitToFirst` or `limitToLast` that is not a non-negative integer.
    public static func invalidLimit(_ name: String) -> Self {
        Self.badRequest("\(name) must be a non-negative integer")
    }

    /// Hearth. Both `limitToFirst` and `limitToLast`.
    public static let bothLimits = Self.badRequest("limitToFirst and limitToLast cannot both be specified")

    /// Hearth. Two start bounds (`startAt` and `startAfter`) or two end bounds.
    public static func duplicateBound(_ first: String, _ second: String) -> Self {
        Self.badRequest("\(first) cannot be specified in addition to \(second)")
    }

    /// Hearth (wording from the JS SDK). A non-string bound, or a key suffix, with `orderBy="$key"`.
    public static let keyBoundNotString = Self.badRequest(
        "When ordering by key, the value passed to startAt, startAfter, endAt, endBefore, or equalTo must be a string")

    /// Hearth (wording from the JS SDK). A boolean bound with `orderBy="$priority"`.
    public static let priorityBoundInvalid = Self.badRequest(
        "When ordering by priority, the value passed to startAt, startAfter, endAt, endBefore, or equalTo must be a valid priority value (null, a number, or a string)")

    /// Rules deny a read, query, write or stream (`rtdb.md` §1.7); Firebase's exact text.
    public static let permissionDenied = Self.unauthorized("Permission denied")

    /// An `auth` credential that is not a token (`rtdb.md` §1.7); Firebase's text.
    public static let unparsableAuthToken = Self.unauthorized("Could not parse auth token.")

    /// An ID token whose `exp` has passed (`rtdb.md` §1.7, §4.3); Firebase's text.
    public static let authTokenExpired = Self.unauthorized("Auth token is expired")

    /// An ID token whose user the Auth emulator has disabled; the Auth SDKs' text for
    /// `USER_DISABLED`, so the user reads what sign-in would tell them.
    public static let authUserDisabled = Self.unauthorized("The user account has been disabled by an administrator.")

    /// An ID token issued before its user's tokens were revoked (`validSince` moved);
    /// firebase-admin's text for `auth/id-token-revoked`: sign in again for a new token.
    public static let authTokenRevoked = Self.unauthorized("The Firebase ID token has been revoked.")
}
