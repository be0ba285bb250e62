/// Node ID → source position, shared by all expressions of a file.
public struct SourceMap: Sendable {
    public private(set) var locations: [SourceLocation] = []

    public init() {}

    mutating func add(_ location: SourceLocation) -> Int {
        self.locations.append(location)
        return self.locations.count - 1
    }

    public func location(of id: Int) -> SourceLocation {
        id >= 0 && id < self.locations.count ? self.locations[id] : .unknown
    }
}
