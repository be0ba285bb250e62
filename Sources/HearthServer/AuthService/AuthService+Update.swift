import HearthAuth
import HearthJSON

extension AuthService {
    /// `accounts:update` (`setAccountInfoImpl`): a user changing their profile, e-mail or
    /// password (`idToken`), an OOB code applied (`VERIFY_EMAIL`, `VERIFY_AND_CHANGE_EMAIL`,
    /// `RECOVER_EMAIL`), or the admin changing any account (`localId`: custom claims as
    /// `customAttributes`, `disableUser`, `validSince` to revoke refresh tokens, phone,
    /// `emailVerified`). A change of password or e-mail, or an explicit `validSince`, moves
    /// `validSince` to now (revoking older tokens) and, for a signed-in user, answers with
    /// fresh tokens.
    func updateAccount(_ request: UpdateAccountRequest, _ call: AuthCall) async throws(AuthError) -> JSONObject {
        if let field = request.unimplemented { throw AuthError.notImplemented("\(field) is not implemented yet.") }
        if call.isAdmin {
            if request.idToken == nil, request.oobCode == nil, request.localID == nil { throw AuthError.missingLocalID }
        } else {
            guard request.idToken != nil || request.oobCode != nil else { throw AuthError("INVALID_REQ_TYPE : Unsupported request parameters.") }
            guard request.customAttributes == nil else { throw AuthError("INSUFFICIENT_PERMISSION") }
        }
        if let claims = request.customAttributes { try CustomClaims.validate(serialized: claims) }
        for attribute in request.deleteAttributes where attribute == "PROVIDER" || attribute == "RAW_USER_INFO" {
            throw AuthError.notImplemented("deleteAttribute: \(attribute)")
        }
        if let email = request.email, !EmailAddress.isValid(email) { throw AuthError.invalidEmail }
        if let password = request.password, password.count < PasswordHash.minimumLength { throw AuthError.weakPassword }
        if call.isAdmin, let phone = request.phoneNumber, !EmailAddress.isValidPhoneNumber(phone) { throw AuthError.invalidPhoneNumber }
        let oob = try request.oobCode.map { code throws(AuthError) in
            guard let oob = self.store.redeem(oobCode: code, in: call.scope) else { throw AuthError.invalidOOBCode }
            return oob
        }
        let (user, newEmail, tokens) = try await self.write(call) {
            (transaction: inout AccountTransaction) throws(AuthError) -> (AuthUser, String?, IssuedTokens?) in
            try Self.applyUpdate(request, oob: oob, call, in: &transaction)
        }
        return AuthReply.object(
            [
                ("kind", .string("identitytoolkit#SetAccountInfoResponse")), ("localId", .string(user.localID)),
                ("emailVerified", .bool(user.emailVerified)),
                ("providerUserInfo", .array(user.providerUserInfo.map { .object($0.record) })),
                ("email", AuthReply.string(user.email)), ("displayName", AuthReply.string(user.displayName)),
                ("photoUrl", AuthReply.string(user.photoURL)), ("newEmail", AuthReply.string(newEmail)),
                ("passwordHash", AuthReply.string(user.passwordHash)),
            ] + (tokens?.members.map { ($0.key, $0.value) } ?? []))
    }

    private static func applyUpdate(
        _ request: UpdateAccountRequest, oob: OOBCode?, _ call: AuthCall, in transaction: inout AccountTransaction
    ) throws(AuthError) -> (AuthUser, String?, IssuedTokens?) {
        let now = transaction.now
        var user: AuthUser
        var provider: String?
        var newEmail: String?
        var revokes = false
        if let oob {
            switch oob.kind {
            case .verifyEmail:
                guard let found = transaction.user(email: oob.email) else { throw AuthError.invalidOOBCode }
                user = found
                provider = AuthUser.passwordProvider
                user.emailVerified = true
            case .verifyAndChangeEmail:
                guard let found = transaction.user(email: oob.email), let changed = oob.newEmail else { throw AuthError.invalidOOBCode }
                guard transaction.user(email: changed) == nil else { throw AuthError.emailExists }
                user = found
                if changed != user.email {
                    user.email = changed
                    user.emailVerified = true
                    newEmail = changed
                }
            case .recoverEmail:
                guard let found = transaction.user(initialEmail: oob.email) else { throw AuthError.invalidOOBCode }
                guard transaction.user(email: oob.email) == nil else { throw AuthError.emailExists }
                user = found
                if oob.email != user.email {
                    user.email = oob.email
                    user.emailVerified = true
                }
            case .passwordReset, .emailSignIn:
                throw AuthError.notImplemented(oob.kind.rawValue)
            }
        } else {
            if request.idToken != nil {
                guard request.disableUser == nil else { throw AuthError("OPERATION_NOT_ALLOWED") }
                let (found, token) = try transaction.user(presenting: request.idToken)
                user = found
                provider = token.signInProvider
            } else {
                guard let id = request.localID, let found = transaction.user(id) else { throw AuthError.userNotFound }
                user = found
            }
            if let email = request.email.map(EmailAddress.canonical), email != user.email {
                guard transaction.user(email: email) == nil else { throw AuthError.emailExists }
                if provider != "anonymous", let old = user.email, user.extra["initialEmail"] == nil {
                    user.extra.setMember("initialEmail", .string(old))
                }
                user.email = email
                user.emailVerified = false
                newEmail = email
                revokes = true
            }
            if let password = request.password {
                let salt = PasswordHash.newSalt()
                user.salt = salt
                user.passwordHash = PasswordHash.hash(password, salt: salt)
                user.passwordUpdatedAt = now
                provider = AuthUser.passwordProvider
                revokes = true
            }
            if request.validSince != nil { revokes = true }
            if let name = request.displayName { user.displayName = name }
            if let photo = request.photoURL { user.photoURL = photo }
            if call.isAdmin {
                if let disabled = request.disableUser { user.disabled = disabled }
                if let phone = request.phoneNumber, phone != user.phoneNumber {
                    guard transaction.user(phoneNumber: phone) == nil else { throw AuthError.phoneNumberExists }
                    user.phoneNumber = phone
                }
                if let verified = request.emailVerified { user.emailVerified = verified }
                if let claims = request.customAttributes { user.customAttributes = claims }
                if let created = request.createdAt { user.createdAt = created }
                if let login = request.lastLoginAt { user.lastLoginAt = login }
            }
            for attribute in request.deleteAttributes {
                switch attribute {
                case "DISPLAY_NAME": user.displayName = nil
                case "PHOTO_URL": user.photoURL = nil
                case "PASSWORD": (user.passwordHash, user.salt) = (nil, nil)
                case "EMAIL": (user.email, user.emailVerified, user.emailLinkSignin) = (nil, false, false)
                default: continue
                }
            }
            if request.deleteProviders.contains(AuthUser.passwordProvider) {
                (user.email, user.emailVerified, user.emailLinkSignin, user.passwordHash, user.salt) = (nil, false, false, nil, nil)
            }
            if request.deleteProviders.contains(AuthUser.phoneProvider) { user.phoneNumber = nil }
            let removed = Set(request.deleteProviders)
            user.providerUserInfo.removeAll { removed.contains($0.providerID) }
            if let link = request.linkProviderUserInfo {
                user.providerUserInfo.removeAll { $0.providerID == link.providerID }
                user.providerUserInfo.append(link)
            }
        }
        if revokes {
            // `validSince` as sent by the admin (firebase-admin's revoke_refresh_tokens sends
            // now), else now, as the emulator does for password and e-mail changes.
            user.validSince = request.validSince ?? now / 1000
        }
        try transaction.put(user)
        var tokens: IssuedTokens?
        if revokes, let provider { tokens = try AuthService.issueTokens(for: user.localID, provider: provider, in: &transaction) }
        return (tokens?.user ?? transaction.user(user.localID) ?? user, newEmail, tokens)
    }
}
