import HearthJSON

extension AuthUser {
    /// The account's second factors (phone and TOTP), read from and written to `mfaInfo` in ``extra``.
    /// Entries Hearth cannot use (no id, no number, a TOTP entry without its secret) are kept on write.
    public var mfaEnrollments: [MFAEnrollment] {
        get {
            (self.extra["mfaInfo"]?.arrayValue ?? []).compactMap { $0.objectValue.flatMap(MFAEnrollment.init(record:)) }
        }
        set {
            let unusable = (self.extra["mfaInfo"]?.arrayValue ?? []).filter { $0.objectValue.flatMap(MFAEnrollment.init(record:)) == nil }
            let all = newValue.map { JSONValue.object($0.record) } + unusable
            self.extra.setMember("mfaInfo", all.isEmpty ? nil : .array(all))
        }
    }
}
