// Test helper for HearthStorageTests' crash test: writes 3-record batches from 8 concurrent tasks
// forever, printing "ack N" on stdout after batch N is durable, until killed (the test sends SIGKILL).
// Usage: storage-crash-writer DIRECTORY
import HearthStorage
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one whole line with a single write(2), so lines from concurrent tasks never interleave.
func emit(_ line: String) {
    var line = line + "\n"
    line.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
}

guard CommandLine.arguments.count == 2 else {
    emit("usage: storage-crash-writer DIRECTORY")
    exit(2)
}
let logger = Logger(label: "storage-crash-writer", factory: { _ in SwiftLogNoOpLogHandler() })
let store: DurableStore
do {
    store = try DurableStore(directory: CommandLine.arguments[1], logger: logger)
} catch {
    emit("error \(error)")
    exit(1)
}
emit("ready")
let writers = 8
await withTaskGroup(of: Void.self) { group in
    for writer in 0..<writers {
        group.addTask {
            var number = writer
            while true {
                let value = Array("value-\(number)".utf8)
                let batch = StorageBatch([
                    .put(namespace: "crash", key: "batch/\(number)/a", value: value),
                    .put(namespace: "crash", key: "batch/\(number)/b", value: value),
                    .put(namespace: "crash", key: "batch/\(number)/c", value: value),
                ])
                do {
                    try await store.write(batch)
                } catch {
                    emit("error \(error)")
                    exit(1)
                }
                emit("ack \(number)")
                number += writers
            }
        }
    }
}
