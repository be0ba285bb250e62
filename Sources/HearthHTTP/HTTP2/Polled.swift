/// What a non-waiting read of a stream found: the next value, the stream's end, or nothing yet
/// (ask to be woken with the reader's `whenReadable`).
///
/// Why reads that do not wait: a long-lived call that also waits for something else (a gRPC
/// `Listen` call's session) can then read its requests on its one task when woken, instead of
/// keeping a second task parked in a read for as long as the call is open (that task's frames
/// and slabs were about 3 KiB per idle Listen call).
public enum Polled<Value> {
    case value(Value)
    case ended
    case pending
}
