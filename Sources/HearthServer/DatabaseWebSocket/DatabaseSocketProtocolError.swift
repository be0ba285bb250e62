/// A WebSocket message that breaks the Realtime Database protocol (`streams.md` §1): not JSON,
/// not a `{t, d}` envelope, a request without the fields its action needs, or a split message
/// that announces too many frames. `request` is the request's number when it could be read, so
/// the client's callback gets the error; without it the connection is closed with `message`.
struct DatabaseSocketProtocolError: Error, Sendable, Equatable {
    let request: Int64?
    let message: String

    init(request: Int64? = nil, _ message: String) {
        self.request = request
        self.message = message
    }
}
