import HearthAuth
import HearthJSON

extension AuthService {
    /// v3 `verifyClient` (iOS app verification by silent push, which the emulator suite does
    /// not route at all): identitytoolkit would answer a receipt and then deliver a secret by
    /// APNs, which Hearth cannot send, so it refuses the app token at once with
    /// `INVALID_APP_CREDENTIAL`. The iOS SDK then falls back to its reCAPTCHA page, which
    /// Hearth serves at `/__/auth/handler` and completes without a challenge; and with
    /// `isAppVerificationDisabledForTesting` the SDK skips both.
    func verifyClient(appToken: String?) throws(AuthError) -> JSONObject {
        guard let appToken, !appToken.isEmpty else { throw AuthError("MISSING_APP_TOKEN") }
        throw AuthError(
            "INVALID_APP_CREDENTIAL : Hearth cannot deliver the silent push that proves an app; the SDK falls back to the reCAPTCHA page at /__/auth/handler, which Hearth completes without a challenge (or set Auth.auth().settings?.isAppVerificationDisabledForTesting = true).")
    }
}
