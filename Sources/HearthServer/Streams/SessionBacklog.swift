/// What a session fell behind on when it was cut off: the events it was to send, or the
/// keep-alives and re-checks that wake it (its client stopped reading long enough to fill both).
enum SessionBacklog: Sendable {
    case events
    case keepAlives
}
