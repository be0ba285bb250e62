/// Something that turns a request into a response: the one seam between the transport and
/// everything above it.
///
/// ``HTTPServer`` calls it once per request, on a task of its own per connection; requests on
/// one connection are answered in order. It cannot fail: errors must already have become
/// responses (``RouterResponder`` does this with its error mapper).
public protocol HTTPResponder: Sendable {
    func respond(to request: Request) async -> Response
}
