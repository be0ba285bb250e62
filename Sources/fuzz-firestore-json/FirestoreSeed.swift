import HearthFuzzing
import HearthHTTP

/// The documents every Firestore JSON input starts with, so that queries, reads, transforms
/// and preconditions meet real data of every value type.
enum FirestoreSeed {
    static let documents: [(String, String)] = [
        ("/cities/SF", #"""
        {"fields": {"name": {"stringValue": "San Francisco"}, "population": {"integerValue": "873965"},
         "area": {"doubleValue": 121.4}, "capital": {"booleanValue": false},
         "founded": {"timestampValue": "1776-06-29T00:00:00Z"},
         "location": {"geoPointValue": {"latitude": 37.7749, "longitude": -122.4194}},
         "tags": {"arrayValue": {"values": [{"stringValue": "bay"}, {"stringValue": "fog"}]}},
         "mayor": {"mapValue": {"fields": {"name": {"stringValue": "London Breed"}}}},
         "twin": {"referenceValue": "projects/fuzz/databases/(default)/documents/cities/LA"},
         "logo": {"bytesValue": "aGVhcnRo"}, "motto": {"nullValue": null}}}
        """#),
        ("/cities/LA", #"{"fields": {"name": {"stringValue": "Los Angeles"}, "population": {"integerValue": "3898747"}, "tags": {"arrayValue": {"values": [{"stringValue": "sun"}]}}}}"#),
        ("/regions/west/cities/SD", #"{"fields": {"name": {"stringValue": "San Diego"}, "population": {"doubleValue": 1.38e6}}}"#),
    ]

    static func write(into service: FuzzService, root: String) async {
        for (path, body) in Self.documents {
            let response = await service.respond(.patch, root + path, body: Array(body.utf8))
            precondition(response.status.code == 200, "seed document \(path) was refused: \(response.status.code)")
        }
    }
}
