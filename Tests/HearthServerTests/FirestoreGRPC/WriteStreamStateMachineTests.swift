import HearthFirestore
import Testing

@testable import HearthServer

/// The Write stream's protocol without a socket: handshake, tokens, goodbye, refusals.
@Suite struct WriteStreamStateMachineTests {
    private typealias Request = WriteStreamStateMachine.Request

    private func request(database: String = "", streamID: String = "", token: [UInt8] = [], writes: Int = 0) -> Request {
        Request(database: database, streamID: streamID, streamToken: token, writeCount: writes)
    }

    @Test func handshakeThenOneTokenPerBatch() {
        var machine = WriteStreamStateMachine(streamID: "w1")
        guard case .handshake(let id, let first) = machine.receive(self.request(database: "projects/p/databases/(default)")) else {
            Issue.record("expected a handshake")
            return
        }
        #expect(id == "w1")
        guard case .commit(let second) = machine.receive(self.request(token: first, writes: 2)) else {
            Issue.record("expected a commit")
            return
        }
        #expect(second != first)
        guard case .commit(let third) = machine.receive(self.request(token: second, writes: 1)) else {
            Issue.record("expected a commit")
            return
        }
        #expect(Set([first, second, third]).count == 3)
        // The goodbye: the last token, no writes.
        #expect(machine.receive(self.request(token: third)) == .ignore)
    }

    @Test(arguments: [[UInt8](), Array("bogus".utf8)])
    func aWrongOrMissingTokenIsInvalidArgumentAndFinal(token: [UInt8]) {
        var machine = WriteStreamStateMachine(streamID: "w2")
        guard case .handshake(_, let first) = machine.receive(self.request(database: "projects/p/databases/(default)")) else {
            Issue.record("expected a handshake")
            return
        }
        guard case .fail(let error) = machine.receive(self.request(token: token, writes: 1)) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("stream_token"))
        // Even the right token is refused once the stream failed.
        guard case .fail = machine.receive(self.request(token: first, writes: 1)) else {
            Issue.record("expected a refusal after the failure")
            return
        }
    }

    /// The SDKs' pipeline: writes sent before the previous response arrived carry the same,
    /// older token; each is committed and answered with a token of its own.
    @Test func pipelinedWritesMayCarryTheSameOlderToken() {
        var machine = WriteStreamStateMachine(streamID: "w3")
        guard case .handshake(_, let first) = machine.receive(self.request(database: "d")) else {
            Issue.record("expected a handshake")
            return
        }
        var answered: [[UInt8]] = []
        for _ in 0..<3 {
            guard case .commit(let token) = machine.receive(self.request(token: first, writes: 1)) else {
                Issue.record("a pipelined write with the handshake's token must be committed")
                return
            }
            answered.append(token)
        }
        #expect(Set(answered + [first]).count == 4)
        // Acknowledging the second response, then the first again, is going back: refused.
        guard case .commit = machine.receive(self.request(token: answered[1], writes: 1)) else {
            Issue.record("expected a commit")
            return
        }
        guard case .fail(let error) = machine.receive(self.request(token: answered[0], writes: 1)) else {
            Issue.record("a token older than the last acknowledged must be refused")
            return
        }
        #expect(error.code == .invalidArgument)
        #expect(error.message.contains("older than one this stream already acknowledged"))
    }

    @Test func aTokenNeverSentIsRefused() {
        var machine = WriteStreamStateMachine(streamID: "w9")
        guard case .handshake = machine.receive(self.request(database: "d")) else { return }
        guard case .fail(let error) = machine.receive(self.request(token: machine.token(5), writes: 1)) else {
            Issue.record("a token from the future must be refused")
            return
        }
        #expect(error.message.contains("never sent"))
    }

    /// An empty request acknowledges without committing (the SDKs' goodbye, sent with the
    /// newest token), so older tokens are refused after it.
    @Test func anEmptyRequestAcknowledges() {
        var machine = WriteStreamStateMachine(streamID: "w10")
        guard case .handshake(_, let first) = machine.receive(self.request(database: "d")),
            case .commit(let second) = machine.receive(self.request(token: first, writes: 1))
        else { return }
        #expect(machine.receive(self.request(token: second)) == .ignore)
        guard case .fail = machine.receive(self.request(token: first, writes: 1)) else {
            Issue.record("a token older than the acknowledged one must be refused")
            return
        }
    }

    @Test func tooManyUnacknowledgedResponsesEndTheStream() {
        var machine = WriteStreamStateMachine(streamID: "w11")
        guard case .handshake(_, let first) = machine.receive(self.request(database: "d")) else { return }
        for _ in 0..<WriteStreamStateMachine.maxUnacknowledged {
            guard case .commit = machine.receive(self.request(token: first, writes: 1)) else {
                Issue.record("expected a commit within the bound")
                return
            }
        }
        guard case .fail(let error) = machine.receive(self.request(token: first, writes: 1)) else {
            Issue.record("expected the stream to end past the bound")
            return
        }
        #expect(error.code == .resourceExhausted)
    }

    @Test func tokensOfAnotherStreamAreRefused() {
        var one = WriteStreamStateMachine(streamID: "w4")
        var two = WriteStreamStateMachine(streamID: "w5")
        guard case .handshake(_, let token) = one.receive(self.request(database: "d")) else { return }
        _ = two.receive(self.request(database: "d"))
        guard case .fail = two.receive(self.request(token: token, writes: 1)) else {
            Issue.record("another stream's token must be refused")
            return
        }
    }

    @Test func writesInTheHandshakeOrAResumeAreRefused() {
        var writes = WriteStreamStateMachine(streamID: "w6")
        guard case .fail(let error) = writes.receive(self.request(database: "d", writes: 1)) else {
            Issue.record("writes in the handshake must be refused")
            return
        }
        #expect(error.code == .invalidArgument)
        var resume = WriteStreamStateMachine(streamID: "w7")
        guard case .fail(let resumeError) = resume.receive(self.request(database: "d", streamID: "w1", token: [1])) else {
            Issue.record("a resume must be refused")
            return
        }
        #expect(resumeError.message.contains("does not resume"))
    }

    @Test func aFailedCommitRefusesLaterRequests() {
        var machine = WriteStreamStateMachine(streamID: "w8")
        guard case .handshake(_, let first) = machine.receive(self.request(database: "d")),
            case .commit(let next) = machine.receive(self.request(token: first, writes: 1))
        else { return }
        machine.fail()
        guard case .fail = machine.receive(self.request(token: next, writes: 1)) else {
            Issue.record("expected a refusal")
            return
        }
    }
}
