import NIOCore

/// The lifecycle of one HTTP/1.1 connection, as a pure state machine: it performs no I/O, it
/// is told what happened and returns what to do.
///
/// It decides three things:
/// - **Timeouts.** The idle timer runs only while the server waits for the client: no request
///   in progress (an idle keep-alive connection, or a request head still arriving: slowloris),
///   or a request body that has stopped arriving. It is stopped while a response is being
///   produced or streamed, so a long server-sent-event stream is never cut by it. A response
///   whose bytes are still leaving when the timer fires counts as progress as long as fewer
///   are left than at the last look (a slow reader keeps its connection; one that stopped
///   reading for a whole timeout does not). Apart from idleness, one request (head and body,
///   from its first byte) must arrive within the request timeout, however steadily it trickles.
/// - **When to stop accepting requests.** After a request or response says `Connection: close`,
///   or once the server is quiescing, further pipelined requests are discarded unanswered
///   (they were never processed, so clients may safely retry them).
/// - **How to close.** After a final response on a connection that will close, output is
///   shut down and input is drained for a short linger period, so the client reads the
///   response instead of a TCP reset caused by unread request bytes.
///
/// Deadlines are plain values and `now` is passed in, so tests drive it without a clock.
struct ConnectionStateMachine {
    enum Phase: Equatable {
        /// Requests are accepted and answered.
        case open
        /// No further requests will be processed; inbound data after the current request is
        /// discarded, and the connection closes after the last pending response.
        case closing
        /// Output is shut; inbound data is drained until EOF or the linger deadline.
        case lingering(deadline: NIODeadline)
        case closed
    }

    enum InboundAction: Equatable {
        case forward
        case discard
    }

    enum TimerAction: Equatable {
        /// The timer has no job now; do not reschedule it.
        case none
        /// Fire again at the given deadline.
        case reschedule(NIODeadline)
        /// Close the connection now, for the given reason.
        case close(CloseReason)
    }

    enum CloseReason: Equatable {
        case idle
        case requestHeadTimeout
        case requestBodyTimeout
        /// The request (head and body) took longer than the request timeout to arrive.
        case requestTimeout
        /// The client read none of the response's unsent bytes for a whole idle timeout.
        case responseStalled
        case lingerExpired
        case quiesced
    }

    enum ResponseEndAction: Equatable {
        /// Keep the connection; make sure the idle timer is running.
        case keepAlive(timerDeadline: NIODeadline)
        /// More responses are pending; nothing to do.
        case none
        /// Shut output and drain input until the given deadline.
        case linger(deadline: NIODeadline)
    }

    private(set) var phase: Phase = .open
    /// Request heads received and not yet answered with a final response.
    private(set) var pendingResponses = 0
    /// Whether the latest request's body is still arriving.
    private(set) var isReceivingBody = false
    /// Whether inbound parts belong to a request that is being discarded.
    private var isDiscardingInbound = false
    /// The response being written ends the connection because the server decided so (its head
    /// says `Connection: close` though the request allowed keep-alive, e.g. after an `Upgrade`
    /// request): requests already pipelined behind it will never be answered, so the
    /// connection lingers as soon as it is written instead of waiting for their responses
    /// (found by fuzzing: such a connection stayed open until the client closed it).
    private var closesAfterResponse = false
    /// The last moment the client made progress the idle timer cares about.
    private var lastProgress: NIODeadline
    /// Whether any bytes of the next request may already have arrived (set when data is read
    /// while idle), only to tell a slowloris from an idle keep-alive connection in logs.
    private var sawBytesWhileIdle = false
    /// When the first byte of the request being received arrived; nil between requests.
    private var requestStarted: NIODeadline?
    /// The response bytes still unsent at the timer's last look, while a finished response is
    /// leaving; nil when none were.
    private var lastUnsent: Int?

    let idleTimeout: TimeAmount
    let requestTimeout: TimeAmount
    let lingerTimeout: TimeAmount

    init(
        now: NIODeadline, idleTimeout: TimeAmount, requestTimeout: TimeAmount = .seconds(60),
        lingerTimeout: TimeAmount = .seconds(2)
    ) {
        self.lastProgress = now
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.lingerTimeout = lingerTimeout
    }

    /// When the idle timer should next fire, or `nil` while it has no job.
    var idleDeadline: NIODeadline? {
        guard self.phase == .open || self.phase == .closing else { return nil }
        let waitingForClient =
            self.pendingResponses == 0 || (self.pendingResponses == 1 && self.isReceivingBody)
        guard waitingForClient else { return nil }
        let idle = self.lastProgress + self.idleTimeout
        guard let started = self.requestStarted else { return idle }
        return min(idle, started + self.requestTimeout)
    }

    /// Raw bytes arrived (before decoding): the start of a request, if none was in progress
    /// (its deadline runs from here), and, for logs, a slowloris rather than an idle connection.
    mutating func bytesRead(now: NIODeadline) {
        if self.pendingResponses == 0 {
            self.sawBytesWhileIdle = true
            if self.requestStarted == nil { self.requestStarted = now }
        }
    }

    /// A request head was decoded. `keepAlive` is false when the request asks to close.
    mutating func requestHead(keepAlive: Bool, now: NIODeadline) -> InboundAction {
        guard self.phase == .open else {
            self.isDiscardingInbound = true
            return .discard
        }
        self.pendingResponses += 1
        self.isReceivingBody = true
        self.sawBytesWhileIdle = false
        self.lastProgress = now
        if self.requestStarted == nil { self.requestStarted = now }
        if !keepAlive { self.phase = .closing }
        return .forward
    }

    /// A piece of request body arrived.
    mutating func requestBody(now: NIODeadline) -> InboundAction {
        if self.isDiscardingInbound { return .discard }
        self.lastProgress = now
        return .forward
    }

    /// The request (body included) is complete.
    mutating func requestEnd(now: NIODeadline) -> InboundAction {
        if self.isDiscardingInbound { return .discard }
        self.isReceivingBody = false
        self.requestStarted = nil
        self.lastProgress = now
        return .forward
    }

    /// A final response head is being written. Returns whether `Connection: close` must be
    /// added (the server decided to close while the response was being produced).
    mutating func responseHead(keepAlive: Bool) -> Bool {
        switch self.phase {
        case .open:
            if !keepAlive {
                self.phase = .closing
                self.closesAfterResponse = true
            }
            return false
        case .closing:
            if !keepAlive { self.closesAfterResponse = true }
            return keepAlive
        case .lingering, .closed:
            return false
        }
    }

    /// A final response has been completely written.
    mutating func responseEnd(now: NIODeadline) -> ResponseEndAction {
        self.pendingResponses = max(0, self.pendingResponses - 1)
        self.lastUnsent = nil
        switch self.phase {
        case .open:
            if self.pendingResponses == 0 { self.lastProgress = now }
            guard let deadline = self.idleDeadline else { return .none }
            return .keepAlive(timerDeadline: deadline)
        case .closing:
            guard self.pendingResponses == 0 || self.closesAfterResponse else { return .none }
            self.pendingResponses = 0
            let deadline = now + self.lingerTimeout
            self.phase = .lingering(deadline: deadline)
            return .linger(deadline: deadline)
        case .lingering, .closed:
            return .none
        }
    }

    /// The server is shutting down gracefully. Returns `true` when the connection should close
    /// right away (nothing in progress); otherwise it closes after the pending responses.
    mutating func quiesce() -> Bool {
        switch self.phase {
        case .open:
            if self.pendingResponses == 0 {
                self.phase = .closed
                return true
            }
            self.phase = .closing
            return false
        case .closing, .lingering, .closed:
            return false
        }
    }

    /// Whether inbound data should be dropped (after the connection stopped taking requests
    /// and the current request is complete).
    var isDrainingInput: Bool {
        if case .lingering = self.phase { return true }
        return self.phase == .closed
    }

    /// The timer fired at `now`; `unsentBytes` are the response bytes the connection still
    /// holds for the client (NIO's write buffer).
    mutating func timerFired(now: NIODeadline, unsentBytes: Int = 0) -> TimerAction {
        switch self.phase {
        case .lingering(let deadline):
            if now >= deadline {
                self.phase = .closed
                return .close(.lingerExpired)
            }
            return .reschedule(deadline)
        case .closed:
            return .none
        case .open, .closing:
            guard let deadline = self.idleDeadline else { return .none }
            guard now >= deadline else { return .reschedule(deadline) }
            // Idle reasons first, when both deadlines have passed.
            let timedOut = now < self.lastProgress + self.idleTimeout
            if self.requestStarted == nil, self.pendingResponses == 0, unsentBytes > 0 {
                // A response is still leaving: progress if the client took some since the last look.
                if self.lastUnsent.map({ unsentBytes < $0 }) ?? true {
                    self.lastUnsent = unsentBytes
                    self.lastProgress = now
                    return .reschedule(now + self.idleTimeout)
                }
                self.phase = .closed
                return .close(.responseStalled)
            }
            let reason: CloseReason
            if timedOut {
                reason = .requestTimeout
            } else if self.pendingResponses > 0 {
                reason = .requestBodyTimeout
            } else if self.sawBytesWhileIdle {
                reason = .requestHeadTimeout
            } else {
                reason = .idle
            }
            self.phase = .closed
            return .close(reason)
        }
    }

    /// The channel closed.
    mutating func closed() {
        self.phase = .closed
    }
}
