public import HearthJSON

/// An SMS code the emulator "sends" (`state.ts` `PhoneVerificationRecord`): listed at
/// `GET /emulator/v1/projects/{p}/verificationCodes` and logged, never sent.
public struct PhoneVerification: Sendable, Equatable {
    public var code: String
    public var phoneNumber: String
    public var sessionInfo: String

    public init(code: String, phoneNumber: String, sessionInfo: String) {
        self.code = code
        self.phoneNumber = phoneNumber
        self.sessionInfo = sessionInfo
    }

    /// `{code, phoneNumber, sessionInfo}`.
    public var record: JSONObject {
        JSONObject([
            .init(key: "code", value: .string(self.code)), .init(key: "phoneNumber", value: .string(self.phoneNumber)),
            .init(key: "sessionInfo", value: .string(self.sessionInfo)),
        ])
    }
}
