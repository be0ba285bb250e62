import Foundation
import HearthTesting
import Testing

/// Every Firestore value type through a real write and read: lenient input, canonical output.
@Suite struct ValueEncodingTests {
    /// (value JSON sent, value JSON expected back)
    static let cases: [(sent: String, expected: String)] = [
        (#"{"nullValue":null}"#, #"{"nullValue":null}"#),
        (#"{"nullValue":"NULL_VALUE"}"#, #"{"nullValue":null}"#),
        (#"{"nullValue":0}"#, #"{"nullValue":null}"#),
        (#"{"booleanValue":true}"#, #"{"booleanValue":true}"#),
        (#"{"integerValue":"9223372036854775807"}"#, #"{"integerValue":"9223372036854775807"}"#),
        (#"{"integerValue":-42}"#, #"{"integerValue":"-42"}"#),
        (#"{"doubleValue":1.5}"#, #"{"doubleValue":1.5}"#),
        (#"{"doubleValue":"NaN"}"#, #"{"doubleValue":"NaN"}"#),
        (#"{"doubleValue":"-Infinity"}"#, #"{"doubleValue":"-Infinity"}"#),
        (#"{"doubleValue":"2.5"}"#, #"{"doubleValue":2.5}"#),
        (#"{"timestampValue":"2024-05-06T07:08:09.123456789+02:00"}"#, #"{"timestampValue":"2024-05-06T05:08:09.123456Z"}"#),
        (#"{"timestampValue":"2024-05-06T07:08:09Z"}"#, #"{"timestampValue":"2024-05-06T07:08:09Z"}"#),
        (#"{"stringValue":"héllo \"q\" \n"}"#, #"{"stringValue":"héllo \"q\" \n"}"#),
        (#"{"bytesValue":"_-8"}"#, #"{"bytesValue":"/+8="}"#),
        (#"{"referenceValue":"projects/p/databases/(default)/documents/c/d"}"#, #"{"referenceValue":"projects/p/databases/(default)/documents/c/d"}"#),
        (#"{"geoPointValue":{"latitude":45.5}}"#, #"{"geoPointValue":{"latitude":45.5,"longitude":0}}"#),
        (#"{"arrayValue":{}}"#, #"{"arrayValue":{}}"#),
        (#"{"arrayValue":{"values":[{"integerValue":"1"},{"stringValue":"a"}]}}"#, #"{"arrayValue":{"values":[{"integerValue":"1"},{"stringValue":"a"}]}}"#),
        (#"{"mapValue":{}}"#, #"{"mapValue":{}}"#),
        (#"{"mapValue":{"fields":{"b":{"integerValue":"2"},"a":{"booleanValue":false}}}}"#, #"{"mapValue":{"fields":{"a":{"booleanValue":false},"b":{"integerValue":"2"}}}}"#),
    ]

    @Test(arguments: Self.cases)
    func roundTrip(_ sent: String, _ expected: String) throws {
        let server = try HearthProcess()
        let write = try server.request("PATCH", documentsURL("values", "c/d"), body: #"{"fields":{"v":\#(sent)}}"#)
        #expect(write.status == 200, "\(write.bodyText)")
        let read = try server.request("GET", documentsURL("values", "c/d"))
        #expect(read.bodyText.contains(#""fields":{"v":\#(expected)}"#), "\(read.bodyText)")
    }

    @Test func timestampsAreMonotonicRFC3339InUTC() throws {
        let server = try HearthProcess()
        var last = ""
        for index in 0..<20 {
            let document = try server.request("PATCH", documentsURL("values", "c/t"), body: #"{"fields":{"n":{"integerValue":"\#(index)"}}}"#).json
            let time = try #require(document.string("updateTime"))
            #expect(time.hasSuffix("Z"))
            #expect(time > last)
            last = time
        }
    }
}
