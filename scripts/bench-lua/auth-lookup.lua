-- wrk script: token lookups (accounts:lookup with the ID token in HEARTH_ID_TOKEN): parse the
-- unsigned JWT, check the account's standing, answer its record. Read-only.
wrk.method = "POST"
wrk.path = "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=bench"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"idToken":"' .. os.getenv("HEARTH_ID_TOKEN") .. '"}'
