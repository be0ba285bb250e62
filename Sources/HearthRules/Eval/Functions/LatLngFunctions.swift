import Foundation

/// LatLng methods. `distance` is the great-circle (haversine) distance in meters on a sphere
/// of radius 6,371,000 m; production's exact earth model is undocumented.
enum LatLngFunctions {
    static let methods: [String: ClosedRange<Int>] = ["latitude": 0...0, "longitude": 0...0, "distance": 1...1]

    static func call(_ lat: Double, _ lng: Double, _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard let arity = Self.methods[name] else { return nil }
        guard arity.contains(args.count) else {
            return FunctionSupport.arityError(name, expected: "\(arity.upperBound)", got: args.count, node: node)
        }
        switch name {
        case "latitude": return .float(lat)
        case "longitude": return .float(lng)
        default:
            guard case .latlng(let lat2, let lng2) = args[0] else { return FunctionSupport.typeError(name, args, node: node) }
            let r = 6_371_000.0
            let p1 = lat * .pi / 180
            let p2 = lat2 * .pi / 180
            let dp = (lat2 - lat) * .pi / 180
            let dl = (lng2 - lng) * .pi / 180
            let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
            return .float(2 * r * atan2(a.squareRoot(), (1 - a).squareRoot()))
        }
    }
}
