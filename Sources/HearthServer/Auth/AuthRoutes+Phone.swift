import HearthAuth
import HearthHTTP
import HearthJSON

extension AuthRoutes {
    /// Phone sign-in (v1, also per project and tenant), the v2 multi-factor endpoints with
    /// the phone and TOTP second factors (a `totp…Info` member picks TOTP), and the iOS SDK's legacy calls that have no v1 twin
    /// (`verifyClient`, `signOutUser`); the other v3 paths reach the v1 routes through
    /// ``AuthLegacyPaths``.
    func registerPhoneAndMultiFactor(on router: inout Router) {
        let service = self.service
        let phone: [(String, Operation)] = [
            ("sendVerificationCode", { call, fields, _ throws(AuthError) in
                try service.sendVerificationCode(phoneNumber: fields.string("phoneNumber"), call)
            }),
            ("signInWithPhoneNumber", { call, fields, _ throws(AuthError) in
                try await service.signInWithPhoneNumber(
                    sessionInfo: fields.string("sessionInfo"), code: fields.string("code"), idToken: fields.string("idToken"),
                    temporaryProof: fields.string("temporaryProof"), call)
            }),
        ]
        for (verb, operation) in phone { self.onEveryScope(&router, Self.v1, "accounts:\(verb)", operation) }
        let multiFactor: [(String, Operation)] = [
            ("mfaEnrollment:start", { call, fields, _ throws(AuthError) in
                if try fields.object("totpEnrollmentInfo") != nil { return try service.startTOTPEnrollment(idToken: fields.string("idToken"), call) }
                let info = try fields.object("phoneEnrollmentInfo")
                return try service.startMFAEnrollment(
                    idToken: fields.string("idToken"), phoneNumber: info.flatMap { $0["phoneNumber"]?.stringValue },
                    hasPhoneInfo: info != nil, call)
            }),
            ("mfaEnrollment:finalize", { call, fields, _ throws(AuthError) in
                if let totp = try fields.object("totpVerificationInfo") {
                    return try await service.finalizeTOTPEnrollment(
                        idToken: fields.string("idToken"), verification: totp, displayName: fields.string("displayName"), call)
                }
                return try await service.finalizeMFAEnrollment(
                    idToken: fields.string("idToken"), verification: fields.object("phoneVerificationInfo"),
                    displayName: fields.string("displayName"), call)
            }),
            ("mfaEnrollment:withdraw", { call, fields, _ throws(AuthError) in
                try await service.withdrawMFA(idToken: fields.string("idToken"), enrollmentID: fields.string("mfaEnrollmentId"), call)
            }),
            ("mfaSignIn:start", { call, fields, _ throws(AuthError) in
                try service.startMFASignIn(
                    pendingCredential: fields.string("mfaPendingCredential"), enrollmentID: fields.string("mfaEnrollmentId"), call)
            }),
            ("mfaSignIn:finalize", { call, fields, _ throws(AuthError) in
                if let totp = try fields.object("totpVerificationInfo") {
                    return try await service.finalizeTOTPSignIn(
                        pendingCredential: fields.string("mfaPendingCredential"), enrollmentID: fields.string("mfaEnrollmentId"),
                        verification: totp, call)
                }
                return try await service.finalizeMFASignIn(
                    pendingCredential: fields.string("mfaPendingCredential"), verification: fields.object("phoneVerificationInfo"), call)
            }),
        ]
        for (verb, operation) in multiFactor { self.onEveryScope(&router, Self.v2, "accounts/\(verb)", operation) }
        self.on(&router, .post, "\(AuthLegacyPaths.prefix)verifyClient") { _, fields, _ throws(AuthError) in
            try service.verifyClient(appToken: fields.string("appToken"))
        }
        self.on(&router, .post, "\(AuthLegacyPaths.prefix)signOutUser") { _, _, _ throws(AuthError) in
            throw AuthError.notImplemented("signOutUser")
        }
    }

    /// `POST {version}/{path}`, also under `/projects/{project}/` and its tenants.
    private func onEveryScope(_ router: inout Router, _ version: String, _ path: String, _ operation: @escaping Operation) {
        for scope in ["", "/projects/{project}", "/projects/{project}/tenants/{tenant}"] {
            self.on(&router, .post, "\(version)\(scope)/\(path)", operation)
        }
    }
}
