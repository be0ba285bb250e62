public import HearthJSON

/// The Auth emulator's refresh tokens (`state.ts` `encodeRefreshToken`): base64 of
/// `{"_AuthEmulatorRefreshToken":"DO NOT MODIFY","localId","provider","extraClaims",
/// "projectId","secondFactor"?,"tenantId"?}`. Stateless and never expiring, like the
/// emulator's: the account store decides whether the user may still have tokens.
public struct RefreshToken: Sendable, Equatable {
    public var localID: String
    public var provider: String
    public var extraClaims: JSONObject
    public var project: String
    public var tenant: String?
    public var secondFactor: SecondFactor?

    public init(localID: String, provider: String, extraClaims: JSONObject = JSONObject(), scope: AuthScope, secondFactor: SecondFactor? = nil) {
        self.localID = localID
        self.provider = provider
        self.extraClaims = extraClaims
        self.project = scope.project
        self.tenant = scope.tenant
        self.secondFactor = secondFactor
    }

    /// The token text.
    public var encoded: String {
        var members: [JSONObject.Member] = [
            .init(key: "localId", value: .string(self.localID)), .init(key: "provider", value: .string(self.provider)),
            .init(key: "extraClaims", value: .object(self.extraClaims)),
        ]
        if let secondFactor {
            members.append(.init(key: "secondFactor", value: .object(JSONObject([
                .init(key: "identifier", value: .string(secondFactor.identifier)),
                .init(key: "provider", value: .string(secondFactor.provider)),
            ]))))
        }
        return EmulatorRecord.encode(marker: "_AuthEmulatorRefreshToken", members, project: self.project, tenant: self.tenant)
    }

    /// - Throws: `INVALID_REFRESH_TOKEN` for anything but an emulator refresh token.
    public init(parsing text: String) throws(AuthError) {
        guard let object = EmulatorRecord.decode(text, marker: "_AuthEmulatorRefreshToken"),
            let localID = object["localId"]?.stringValue, let provider = object["provider"]?.stringValue,
            let project = object["projectId"]?.stringValue
        else { throw AuthError.invalidRefreshToken }
        self.localID = localID
        self.provider = provider
        self.extraClaims = object["extraClaims"]?.objectValue ?? JSONObject()
        self.project = project
        self.tenant = object["tenantId"]?.stringValue
        if let factor = object["secondFactor"]?.objectValue, let identifier = factor["identifier"]?.stringValue,
            let provider = factor["provider"]?.stringValue
        {
            self.secondFactor = SecondFactor(identifier: identifier, provider: provider)
        }
    }
}
