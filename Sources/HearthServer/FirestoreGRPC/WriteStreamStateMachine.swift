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
/// Tokens are `stream_id` bytes plus an 8-byte big-endian sequence number: only the last one
/// issued is accepted, so a client that replays an old token or sends another stream's is
/// refused with INVALID_ARGUMENT (the code the SDKs treat as permanent), as Firestore does.
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
        case open(sequence: UInt64)
        case failed
    }

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
            self.state = .open(sequence: 0)
            return .handshake(streamID: self.streamID, token: self.token(0))
        case .open(let sequence):
            guard request.streamToken == self.token(sequence) else {
                self.state = .failed
                let what = request.streamToken.isEmpty ? "is missing" : "is not the last one this stream sent"
                return .fail(.invalidArgument(
                    "The stream_token \(what): every request after the handshake carries the stream_token of the previous response."))
            }
            guard request.writeCount > 0 else { return .ignore }
            self.state = .open(sequence: sequence + 1)
            return .commit(token: self.token(sequence + 1))
        }
    }

    /// Marks the stream failed (a commit was refused): later requests are refused too.
    mutating func fail() {
        self.state = .failed
    }
}
