import NIOCore
import Testing

@testable import HearthHTTP

/// The connection lifecycle without a channel or clock: time is passed in explicitly.
struct ConnectionStateMachineTests {
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
    let timeout = TimeAmount.seconds(60)

    @Test func idleConnectionTimesOut() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        #expect(machine.idleDeadline == self.start + self.timeout)
        #expect(machine.timerFired(now: self.start + .seconds(30)) == .reschedule(self.start + self.timeout))
        #expect(machine.timerFired(now: self.start + self.timeout) == .close(.idle))
    }

    @Test func partialHeadIsASlowloris() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        machine.bytesRead(now: self.start)
        #expect(machine.timerFired(now: self.start + self.timeout) == .close(.requestHeadTimeout))
    }

    @Test func timerStopsWhileRespondingAndRestartsAfter() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        let t1 = self.start + .seconds(1)
        #expect(machine.requestHead(keepAlive: true, now: t1) == .forward)
        #expect(machine.idleDeadline == t1 + self.timeout)  // waiting for the body
        #expect(machine.requestEnd(now: t1) == .forward)
        #expect(machine.idleDeadline == nil)  // responding: no timer, however long it streams
        #expect(machine.timerFired(now: t1 + .hours(5)) == .none)
        #expect(machine.responseHead(keepAlive: true) == false)
        let t2 = t1 + .hours(5)
        #expect(machine.responseEnd(now: t2) == .keepAlive(timerDeadline: t2 + self.timeout))
    }

    @Test func stalledBodyTimesOut() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout, requestTimeout: .seconds(600))
        _ = machine.requestHead(keepAlive: true, now: self.start)
        _ = machine.requestBody(now: self.start + .seconds(50))
        #expect(machine.timerFired(now: self.start + self.timeout) == .reschedule(self.start + .seconds(110)))
        #expect(machine.timerFired(now: self.start + .seconds(110)) == .close(.requestBodyTimeout))
    }

    /// A body trickled a byte at a time, each well within the idle timeout, still ends at the
    /// request timeout, counted from the request's first byte.
    @Test func aTrickledRequestEndsAtTheRequestTimeout() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout, requestTimeout: .seconds(90))
        machine.bytesRead(now: self.start + .seconds(1))
        _ = machine.requestHead(keepAlive: true, now: self.start + .seconds(2))
        var now = self.start + .seconds(2)
        for _ in 0..<8 {
            now = now + .seconds(10)
            _ = machine.requestBody(now: now)
            #expect(machine.idleDeadline == min(now + self.timeout, self.start + .seconds(91)))
        }
        #expect(machine.timerFired(now: self.start + .seconds(91)) == .close(.requestTimeout))
    }

    /// The request timeout starts again with each request.
    @Test func theRequestTimeoutCoversOneRequest() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout, requestTimeout: .seconds(10))
        _ = machine.requestHead(keepAlive: true, now: self.start)
        _ = machine.requestEnd(now: self.start + .seconds(5))
        _ = machine.responseHead(keepAlive: true)
        let answered = self.start + .seconds(100)
        #expect(machine.responseEnd(now: answered) == .keepAlive(timerDeadline: answered + self.timeout))
        _ = machine.requestHead(keepAlive: true, now: answered + .seconds(1))
        #expect(machine.idleDeadline == answered + .seconds(11))
    }

    /// A response still leaving when the timer fires is progress while fewer bytes are left at
    /// each look; when none left in a whole idle timeout, the client stopped reading: close.
    @Test func aResponseThatIsLeavingIsNotIdleButOneThatStalledIs() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        _ = machine.requestHead(keepAlive: true, now: self.start)
        _ = machine.requestEnd(now: self.start)
        _ = machine.responseHead(keepAlive: true)
        #expect(machine.responseEnd(now: self.start) == .keepAlive(timerDeadline: self.start + self.timeout))
        let t1 = self.start + self.timeout
        #expect(machine.timerFired(now: t1, unsentBytes: 4_000_000) == .reschedule(t1 + self.timeout))
        let t2 = t1 + self.timeout
        #expect(machine.timerFired(now: t2, unsentBytes: 1_000_000) == .reschedule(t2 + self.timeout))
        #expect(machine.timerFired(now: t2 + self.timeout, unsentBytes: 1_000_000) == .close(.responseStalled))
    }

    /// Once every byte has left, the usual idle timeout applies.
    @Test func aResponseThatHasLeftLetsTheConnectionGoIdle() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        _ = machine.requestHead(keepAlive: true, now: self.start)
        _ = machine.requestEnd(now: self.start)
        _ = machine.responseHead(keepAlive: true)
        _ = machine.responseEnd(now: self.start)
        let t1 = self.start + self.timeout
        #expect(machine.timerFired(now: t1, unsentBytes: 10) == .reschedule(t1 + self.timeout))
        #expect(machine.timerFired(now: t1 + self.timeout, unsentBytes: 0) == .close(.idle))
    }

    @Test func connectionCloseDiscardsLaterRequestsAndLingers() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        #expect(machine.requestHead(keepAlive: false, now: self.start) == .forward)
        #expect(machine.requestEnd(now: self.start) == .forward)
        #expect(machine.requestHead(keepAlive: true, now: self.start) == .discard)
        #expect(machine.requestEnd(now: self.start) == .discard)
        #expect(machine.responseHead(keepAlive: false) == false)
        #expect(machine.responseEnd(now: self.start) == .linger(deadline: self.start + .seconds(2)))
        #expect(machine.isDrainingInput)
        #expect(machine.timerFired(now: self.start + .seconds(2)) == .close(.lingerExpired))
    }

    /// The server answers a keep-alive request with `Connection: close` (as after an `Upgrade`
    /// request): the request pipelined behind it is never answered, so the connection lingers
    /// once the response is written rather than waiting for that answer forever.
    @Test func aResponseThatClosesLingersWithRequestsPipelinedBehindIt() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        for _ in 0..<2 {
            #expect(machine.requestHead(keepAlive: true, now: self.start) == .forward)
            #expect(machine.requestEnd(now: self.start) == .forward)
        }
        #expect(machine.responseHead(keepAlive: false) == false)
        #expect(machine.responseEnd(now: self.start) == .linger(deadline: self.start + .seconds(2)))
        #expect(machine.isDrainingInput)
        #expect(machine.timerFired(now: self.start + .seconds(2)) == .close(.lingerExpired))
    }

    @Test func quiescingIdleClosesAtOnce() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        let closesNow = machine.quiesce()
        #expect(closesNow)
    }

    @Test func quiescingBusyFinishesTheResponseWithConnectionClose() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        _ = machine.requestHead(keepAlive: true, now: self.start)
        let closesNow = machine.quiesce()
        #expect(!closesNow)
        #expect(machine.requestEnd(now: self.start) == .forward)  // the current request completes
        #expect(machine.responseHead(keepAlive: true) == true)  // add Connection: close
        #expect(machine.requestHead(keepAlive: true, now: self.start) == .discard)
        #expect(machine.responseEnd(now: self.start) == .linger(deadline: self.start + .seconds(2)))
    }

    @Test func pipelinedRequestsKeepTheTimerOff() {
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        _ = machine.requestHead(keepAlive: true, now: self.start)
        _ = machine.requestEnd(now: self.start)
        _ = machine.requestHead(keepAlive: true, now: self.start)
        _ = machine.requestEnd(now: self.start)
        #expect(machine.responseEnd(now: self.start) == .none)
        #expect(machine.idleDeadline == nil)
        #expect(machine.responseEnd(now: self.start) == .keepAlive(timerDeadline: self.start + self.timeout))
    }
}
