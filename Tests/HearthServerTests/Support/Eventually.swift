/// Polls `condition` (yielding between looks, never sleeping) until it holds or `limit` passes;
/// returns whether it held. For waiting on work another task does, without asserting timings.
func eventually(within limit: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
