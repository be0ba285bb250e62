/// Splits outgoing messages as the SDKs expect (`streams.md` §1.3; JS `WebSocketConnection.ts`
/// `send`): a message longer than 16,384 characters (UTF-16 code units, as JavaScript counts
/// them) goes as a frame holding the frame count, then the chunks. Output is for
/// `WebSocketOutbox`: each frame ended by a line feed (compact JSON never holds one).
enum DatabaseSocketFraming {
    static let maxFrameCharacters = 16_384

    /// `message` (compact JSON, UTF-8) as LF-ended frames. O(message size).
    static func frames(of message: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(message.count + 8)
        var cuts: [Int] = []
        var units = 0
        for (index, byte) in message.enumerated() where byte & 0xC0 != 0x80 {
            // A lead byte: starts a character of 1 UTF-16 unit, or 2 for 4-byte sequences.
            let width = byte >= 0xF0 ? 2 : 1
            if units + width > Self.maxFrameCharacters {
                cuts.append(index)
                units = 0
            }
            units += width
        }
        if cuts.isEmpty {
            output += message
            output.append(0x0A)
            return output
        }
        output += Array(String(cuts.count + 1).utf8)
        output.append(0x0A)
        var start = 0
        for cut in cuts + [message.count] {
            output += message[start..<cut]
            output.append(0x0A)
            start = cut
        }
        return output
    }
}
