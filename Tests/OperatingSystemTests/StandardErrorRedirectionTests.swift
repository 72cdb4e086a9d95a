import Glibc
import OperatingSystem
import TestSupport
import Testing

@Suite struct StandardErrorRedirectionTests {
    @Test func whatIsWrittenToStandardErrorMeanwhileGoesToTheFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let log = folder.path + "/log"
        let redirection = try StandardErrorRedirection(to: log)
        try FileDescriptor.standardError.write(all: Array("from a C library\n".utf8))
        redirection.restore()
        #expect(try File.read(log, maxBytes: 1 << 10) == Array("from a C library\n".utf8))
        // Put back: descriptor 2 is no longer the file.
        var status = stat()
        #expect(fstat(2, &status) == 0)
        var logStatus = stat()
        #expect(stat(log, &logStatus) == 0 && !(status.st_ino == logStatus.st_ino && status.st_dev == logStatus.st_dev))
        #expect(logStatus.st_mode & 0o777 == 0o600)
    }
}
