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
        machine.bytesRead()
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
        var machine = ConnectionStateMachine(now: self.start, idleTimeout: self.timeout)
        _ = machine.requestHead(keepAlive: true, now: self.start)
        _ = machine.requestBody(now: self.start + .seconds(50))
        #expect(machine.timerFired(now: self.start + self.timeout) == .reschedule(self.start + .seconds(110)))
        #expect(machine.timerFired(now: self.start + .seconds(110)) == .close(.requestBodyTimeout))
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
