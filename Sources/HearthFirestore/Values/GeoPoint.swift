/// A latitude/longitude pair (`google.type.LatLng`).
///
/// Validated on construction to latitude ∈ [-90, 90] and longitude ∈ [-180, 180], as the backend
/// rejects anything else. Equality is bitwise (so `-0` ≠ `0`), consistent with
/// ``FirestoreValue``'s strict equality; ordering lives in ``FirestoreValue/compare(_:_:)``.
public struct GeoPoint: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double

    /// - Throws: INVALID_ARGUMENT if either coordinate is out of range or NaN.
    public init(latitude: Double, longitude: Double) throws(FirestoreError) {
        guard latitude >= -90, latitude <= 90 else {
            throw .invalidArgument("Latitude must be in the range of [-90, 90], but was \(latitude).")
        }
        guard longitude >= -180, longitude <= 180 else {
            throw .invalidArgument("Longitude must be in the range of [-180, 180], but was \(longitude).")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    public static func == (lhs: GeoPoint, rhs: GeoPoint) -> Bool {
        lhs.latitude.bitPattern == rhs.latitude.bitPattern && lhs.longitude.bitPattern == rhs.longitude.bitPattern
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.latitude.bitPattern)
        hasher.combine(self.longitude.bitPattern)
    }
}
