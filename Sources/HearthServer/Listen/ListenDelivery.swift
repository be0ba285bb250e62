import HearthFirestore

/// One entry of `ListenFanout`'s queue: a stream and the event it is to get. A struct, not a
/// tuple: reading `stream` out of a queued tuple copied the whole pair (retaining every
/// reference the event holds), a thousand times per commit; a struct's field is read in place.
struct ListenDelivery: Sendable {
    let stream: ListenStream
    let event: ListenEvent
}
