import Foundation

/// This machine's first IPv4 address that is not loopback (`192.0.2.2` on a LAN), for tests
/// that need to reach a server bound to `0.0.0.0` as another machine would: the server sees
/// the connection come from that address, not from loopback. nil on a machine with none.
enum LocalNetworkAddress {
    static let firstIPv4: String? = {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                (entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK)) == 0, (entry.pointee.ifa_flags & UInt32(IFF_UP)) != 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }()
}
