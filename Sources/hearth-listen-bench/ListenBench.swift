import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measures Firestore listeners, or Realtime Database streams (`--service database`), over SSE
/// against a running `hearth serve`:
///
/// 1. memory per idle listener: the server's resident memory before and after `listeners`
///    streams on one query (one location) are open and have their initial snapshot (`put`),
///    divided by their number;
/// 2. write-to-delivery latency: with those listeners open, writes (commits, PUTs) at `rate`
///    per second for `seconds`, each changing one document (child) of what is listened to;
///    every listener notes when the event carrying each write arrives, and the latency is that
///    instant minus the instant the write was sent (so it includes the durable write itself);
///    the part after the write's acknowledgement is reported too, and the CPU time each side used.
///
/// The listeners share one event-loop thread; the writers (`--writers`, 16 by default, so
/// commits waiting for their fsync do not bend the schedule) have a blocking thread each. The
/// client competes with the server for the machine's cores, which the report states.
enum ListenBench {
    /// Rates up to this (writes/s) are the low-rate row: every delivery finds its connection
    /// idle, so the latency target is the p50 of immediate delivery (< 5 ms), not the p99 of a
    /// busy server's.
    static let lowRate = 10

    static func main() {
        guard let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else { exit(2) }
        do {
            if options.writeStream {
                try WriteStreamBench.run(options)
                return
            }
            if options.loopbackFloor {
                try LoopbackFloor.run(options)
                return
            }
            try self.run(options)
        } catch {
            print("hearth-listen-bench: \(error)")
            exit(1)
        }
    }

    static func run(_ options: BenchOptions) throws {
        let service = options.service
        let probe = ServerProbe(port: options.port, pid: options.pid)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let writer = CommitWriter(options: options)
        let log = DeliveryLog(expected: options.listeners * writer.total)

        if let seed = service.seedRequest { try probe.send(seed) }
        let before = probe.residentKiB()
        var channels: [any Channel] = []
        let bootstrap = ClientBootstrap(group: group)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ListenerHandler(service: service, log: log))
                }
            }
        for _ in 0..<options.listeners {
            channels.append(try bootstrap.connect(host: "127.0.0.1", port: options.port).wait())
        }
        let words = service.wording
        try self.waitUntil("every \(words.listener) has its initial \(words.delivery)", seconds: 60) {
            log.ready == options.listeners
        }
        if let project = service.countedProject {
            try self.waitUntil("the server counts every stream", seconds: 30) {
                (try? probe.openStreams(project: project)) == options.listeners
            }
        }
        let after = probe.residentKiB()

        let cpuBefore = probe.cpuTicks()
        let clientBefore = Self.clientCPUSeconds()
        let readsBefore = log.reads
        let started = Monotonic.now()
        writer.run()
        let written = Monotonic.now() - started
        let expected = options.listeners * writer.acknowledged.count
        try? self.waitUntil("every \(words.delivery) is delivered", seconds: 30) { log.deliveries >= expected }
        let cpuAfter = probe.cpuTicks()
        let clientCPU = Self.clientCPUSeconds() - clientBefore
        let reads = log.reads - readsBefore

        var latencies: [UInt64] = []
        var afterAck: [UInt64] = []
        latencies.reserveCapacity(expected)
        afterAck.reserveCapacity(expected)
        for arrival in log.takeArrivals() {
            let sent = writer.sendTime(of: Int(arrival.sequence))
            if sent > 0, arrival.at >= sent { latencies.append(arrival.at - sent) }
            let acknowledged = writer.ackTime(of: Int(arrival.sequence))
            if acknowledged > 0 { afterAck.append(arrival.at > acknowledged ? arrival.at - acknowledged : 0) }
        }
        latencies.sort()
        afterAck.sort()
        var acknowledgements = writer.acknowledged
        acknowledgements.sort()

        print("cores: \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) (the client's \(options.writers) writer threads and 1 listener thread share them with the server)")
        print("\(words.listeners): \(options.listeners) \(service.transport) on \(words.listened); writes: \(writer.total) \(words.writes) at \(options.rate)/s over \(String(format2: Double(written) / 1e9)) s")
        print("\(words.writes) acknowledged: \(acknowledgements.count)/\(writer.total), p50 \(ms(acknowledgements, 0.50)) ms, p99 \(ms(acknowledgements, 0.99)) ms")
        print("\(words.deliveries) delivered: \(latencies.count)/\(expected); \(words.listeners) cut off: \(log.errors); streams closed: \(log.closed)")
        print("\(words.latency) latency: p50 \(ms(latencies, 0.50)) ms, p99 \(ms(latencies, 0.99)) ms, max \(ms(latencies, 1.0)) ms (\(options.rate <= Self.lowRate ? "target p50 < 5 ms at this rate" : words.latencyTarget))")
        print("  of which after the \(words.write) was acknowledged: p50 \(ms(afterAck, 0.50)) ms, p99 \(ms(afterAck, 0.99)) ms")
        if let cpuBefore, let cpuAfter, expected > 0 {
            let seconds = Double(cpuAfter - cpuBefore) / Double(sysconf(Int32(_SC_CLK_TCK)))
            print("server CPU while writing and delivering: \(String(format2: seconds)) s, \(String(format2: seconds * 1e6 / Double(expected))) µs per delivered \(words.delivery)")
        }
        print("client CPU: \(String(format2: clientCPU)) s; \(reads) socket reads carried the \(words.deliveries) (\(String(format2: Double(latencies.count) / Double(max(reads, 1)))) per read)")
        if let before, let after {
            let perListener = Double(after - before) * 1024 / Double(options.listeners)
            print("server RSS: \(before) KiB before, \(after) KiB with \(options.listeners) idle \(words.listeners): \(String(format2: perListener / 1024)) KiB per idle \(words.listener) (\(words.memoryTarget))")
        }
        for failure in writer.failed.prefix(5) { print("\(words.write) failed: \(failure)") }
        if case .databaseWebSocket(let namespace) = service {
            let (perSecond, acknowledged) = try SocketPutBench.run(port: options.port, namespace: namespace, seconds: options.seconds)
            print("put acknowledgements over one WebSocket (\(SocketPutBench.window) in flight, each durable): \(String(format2: perSecond))/s (\(acknowledged) in \(options.seconds) s)")
        }

        for channel in channels { channel.close(promise: nil) }
    }

    /// CPU time this process has used (user + system), in seconds.
    static func clientCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Polls `condition` every 10 ms until it holds; throws after `seconds`.
    static func waitUntil(_ what: String, seconds: Int, _ condition: () -> Bool) throws {
        let deadline = Monotonic.now() + UInt64(seconds) * 1_000_000_000
        while !condition() {
            guard Monotonic.now() < deadline else { throw BenchError(message: "timed out waiting until \(what)") }
            Monotonic.sleep(until: Monotonic.now() + 10_000_000)
        }
    }

    /// The `fraction` quantile of sorted nanoseconds, in milliseconds with two decimals.
    static func ms(_ sorted: [UInt64], _ fraction: Double) -> String {
        guard !sorted.isEmpty else { return "-" }
        let index = min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))
        return String(format2: Double(sorted[index]) / 1e6)
    }
}
