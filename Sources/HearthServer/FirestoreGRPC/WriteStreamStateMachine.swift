import Foundation
import HearthFirestore

/// The protocol state of one `Write` stream, as the mobile SDKs drive it
/// (firebase-ios-sdk `write_stream.cc`, firebase-js-sdk `persistent_stream.ts`): the first
/// request carries only `database` and is answered with a `stream_id` and a first
/// `stream_token` (the handshake); every later request carries the last token and either one
/// batch of writes (committed, answered with a new token) or nothing (the client's goodbye
/// before it half-closes).
///
/// A pure value: the handler feeds it each request's shape and carries out the ``Action``;
/// no clock, no socket, so every path is tested on its own (`WriteStreamStateMachineTests`).
///
/// Tokens are `stream_id` bytes plus an 8-byte big-endian sequence number. A request's token
/// acknowledges the responses up to it (`write.proto`): the SDKs pipeline their writes
/// (firebase-js-sdk `remote_store.ts` keeps up to 10 batches in flight, and `persistent_stream.ts`
/// stamps each with the newest token it has received), so several requests may carry the same
/// older token. Any token this stream sent that is not older than the last one acknowledged is
/// accepted; an older one, another stream's, or one never sent is refused with INVALID_ARGUMENT
/// (the code the SDKs treat as permanent). Past ``maxUnacknowledged`` responses the client has
/// not acknowledged, the stream ends with RESOURCE_EXHAUSTED, as production closes a stream
/// whose client stopped acknowledging (the SDKs reconnect and send the batch again).
/// Streams are never resumed (the iOS SDK never tries): a first request that carries a
/// `stream_id` or token is refused with INVALID_ARGUMENT naming what to do.
struct WriteStreamStateMachine: Sendable {
    /// What a request looks like to the protocol (its writes are the service's business).
    struct Request: Sendable, Equatable {
        var database: String
        var streamID: String
        var streamToken: [UInt8]
        var writeCount: Int
    }

    enum Action: Sendable, Equatable {
        /// Answer the handshake with `streamID` and `token`, no results.
        case handshake(streamID: String, token: [UInt8])
        /// Commit the request's writes, then answer with `token` and their results.
        case commit(token: [UInt8])
        /// Nothing to answer: the client's empty request before it closes.
        case ignore
        /// End the stream with this error.
        case fail(FirestoreError)
    }

    private enum State: Sendable {
        case awaitingHandshake
        /// `sent`: the sequence of the newest token sent; `acknowledged`: of the newest one a
        /// request carried.
        case open(sent: UInt64, acknowledged: UInt64)
        case failed
    }

    /// The most responses a client may leave unacknowledged. Why 64: the SDKs have at most 10
    /// batches in flight, so a well-behaved client never comes near it, and a client that never
    /// acknowledges is told after a bounded number of commits.
    static let maxUnacknowledged: UInt64 = 64

    let streamID: String
    private var state = State.awaitingHandshake

    /// - Parameter streamID: this stream's id, unique among the server's streams.
    init(streamID: String) {
        self.streamID = streamID
    }

    /// The token that carries `sequence` on this stream.
    func token(_ sequence: UInt64) -> [UInt8] {
        Array(self.streamID.utf8) + (0..<8).map { UInt8(truncatingIfNeeded: sequence >> (56 - 8 * UInt64($0))) }
    }

    /// The sequence a token of this stream carries; nil for anything else (another stream's
    /// token, a truncated or made-up one).
    func sequence(of token: [UInt8]) -> UInt64? {
        let id = Array(self.streamID.utf8)
        guard token.count == id.count + 8, token.starts(with: id) else { return nil }
        return token[id.count...].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Advances on one request and says what to do with it.
    mutating func receive(_ request: Request) -> Action {
        switch self.state {
        case .failed:
            return .fail(.failedPrecondition("The write stream already failed; open a new stream."))
        case .awaitingHandshake:
            guard request.streamID.isEmpty, request.streamToken.isEmpty else {
                self.state = .failed
                return .fail(.invalidArgument(
                    "Hearth does not resume write streams (stream_id \"\(request.streamID)\"): open a new stream whose first request carries only the database."))
            }
            guard request.writeCount == 0 else {
                self.state = .failed
                return .fail(.invalidArgument(
                    "The first request of a write stream is the handshake: it carries only the database, no writes; send the writes after the response with the stream token."))
            }
            self.state = .open(sent: 0, acknowledged: 0)
            return .handshake(streamID: self.streamID, token: self.token(0))
        case .open(let sent, let acknowledged):
            guard let sequence = self.sequence(of: request.streamToken), sequence <= sent, sequence >= acknowledged else {
                self.state = .failed
                return .fail(.invalidArgument(self.refusal(of: request.streamToken, acknowledged: acknowledged)))
            }
            guard request.writeCount > 0 else {
                self.state = .open(sent: sent, acknowledged: sequence)
                return .ignore
            }
            guard sent - sequence < Self.maxUnacknowledged else {
                self.state = .failed
                return .fail(.resourceExhausted(
                    "The write stream has \(sent - sequence) responses the client has not acknowledged (at most \(Self.maxUnacknowledged)): send the stream_token of the newest response received, or open a new stream."))
            }
            self.state = .open(sent: sent + 1, acknowledged: sequence)
            return .commit(token: self.token(sent + 1))
        }
    }

    /// Why a request's token cannot be taken.
    private func refusal(of token: [UInt8], acknowledged: UInt64) -> String {
        let rule = "every request after the handshake carries the stream_token of a response this stream sent, not older than the last one acknowledged."
        if token.isEmpty { return "The stream_token is missing: \(rule)" }
        guard let sequence = self.sequence(of: token) else { return "The stream_token was not sent by this stream: \(rule)" }
        if sequence < acknowledged { return "The stream_token is older than one this stream already acknowledged: \(rule)" }
        return "The stream_token was never sent by this stream: \(rule)"
    }

    /// Marks the stream failed (a commit was refused): later requests are refused too.
    mutating func fail() {
        self.state = .failed
    }
}
