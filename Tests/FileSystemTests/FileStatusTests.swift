import Glibc
import Testing

@testable import FileSystem

/// Values from the kernel convert without trapping, whatever they hold.
@Suite struct FileStatusTests {
    @Test func extremeStatValuesDoNotTrap() {
        var st = stat()
        st.st_mode = S_IFREG | 0o644
        st.st_size = .max
        st.st_mtim = timespec(tv_sec: .max, tv_nsec: .max)
        st.st_dev = .max
        st.st_ino = .max
        let status = FileStatus(st)
        #expect(status.isRegularFile && status.size == .max)
        #expect(status.identity == FileIdentity(device: .max, inode: .max))
        #expect(status.modified.nanosecondsSinceEpoch == .max)  // the seconds alone: the product overflows
        st.st_size = -1
        st.st_mtim = timespec(tv_sec: .min, tv_nsec: 0)
        #expect(FileStatus(st).size == -1)
        #expect(FileStatus(st).modified.nanosecondsSinceEpoch == .min)
    }

    @Test func timesCombineAndOrder() {
        let t = FileTime(seconds: 1_700_000_000, nanoseconds: 5)
        #expect(t.nanosecondsSinceEpoch == 1_700_000_000_000_000_005)
        #expect(FileTime(seconds: 1, nanoseconds: 999) < FileTime(seconds: 2, nanoseconds: 0))
        #expect(FileTime(seconds: 1, nanoseconds: 1) < FileTime(seconds: 1, nanoseconds: 2))
        #expect(FileTime.now().seconds > 1_600_000_000)
    }

    @Test func everyTypeCodeMapsToAType() {
        #expect(FileType(directoryEntryType: UInt8(DT_DIR)) == .directory)
        #expect(FileType(directoryEntryType: UInt8(DT_REG)) == .regular)
        #expect(FileType(directoryEntryType: UInt8(DT_LNK)) == .symbolicLink)
        #expect(FileType(directoryEntryType: UInt8(DT_UNKNOWN)) == .unknown)
        #expect(FileType(directoryEntryType: UInt8(DT_FIFO)) == .other)
        #expect(FileType(directoryEntryType: 255) == .other)
        #expect(FileType(mode: S_IFDIR | 0o755) == .directory)
        #expect(FileType(mode: S_IFSOCK) == .other)
        #expect(FileType(mode: .max) == .other)
    }
}
