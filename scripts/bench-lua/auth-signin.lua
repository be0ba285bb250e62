-- wrk script: password sign-ins of one account (accounts:signInWithPassword); each records the
-- login time durably and mints an ID token and a refresh token.
wrk.method = "POST"
wrk.path = "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email":"bench@bench.example","password":"secret1","returnSecureToken":true}'
