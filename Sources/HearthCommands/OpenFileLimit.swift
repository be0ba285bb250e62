#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

/// Raises the process's soft limit on open files to its hard limit, as Go and Node servers do.
///
/// Why: every listen stream holds a socket, and many systems start processes with a soft limit
/// of 1,024 files, so a thousand listeners would exhaust it and new connections would be
/// refused (accept fails with EMFILE). The hard limit is the administrator's real bound and
/// raising up to it needs no privileges. One system call at start-up.
enum OpenFileLimit {
    static func raise(logger: Logger) {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        var wanted = limit
        #if canImport(Darwin)
        // macOS refuses more than OPEN_MAX for the soft limit, even under an unlimited hard one.
        wanted.rlim_cur = min(limit.rlim_max, rlim_t(OPEN_MAX))
        #else
        wanted.rlim_cur = limit.rlim_max
        #endif
        if setrlimit(resource, &wanted) != 0 {
            logger.debug("Could not raise the open-file limit from \(limit.rlim_cur) to \(wanted.rlim_cur)")
        }
    }
}
