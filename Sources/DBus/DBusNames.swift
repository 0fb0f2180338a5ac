internal import CDBus
import Glibc

/// Validation of the names D-Bus puts in message headers; libdbus aborts the process on invalid ones, so every name
/// is checked here before it reaches libdbus.
public enum DBusNames {
    /// True when `path` is a valid object path (`/`, or `/a/b_c/D1`).
    public static func isValidObjectPath(_ path: String) -> Bool { check(path, dbus_validate_path) }
    /// True when `name` is a valid interface name (`org.example.Iface`).
    public static func isValidInterface(_ name: String) -> Bool { check(name, dbus_validate_interface) }
    /// True when `name` is a valid member (method, signal or property) name.
    public static func isValidMember(_ name: String) -> Bool { check(name, dbus_validate_member) }
    /// True when `name` is a valid error name (same rules as an interface name).
    public static func isValidErrorName(_ name: String) -> Bool { check(name, dbus_validate_error_name) }
    /// True when `name` is a valid bus name, unique (`:1.42`) or well-known (`org.mpris.MediaPlayer2.linnet`).
    public static func isValidBusName(_ name: String) -> Bool { check(name, dbus_validate_bus_name) }
    /// True when `s` can be sent as a D-Bus string: valid UTF-8 without NUL characters.
    public static func isValidString(_ s: String) -> Bool {
        // memchr over the contiguous bytes: this runs for every string of every reply (a page of 50 library
        // rows holds ~1,000), where the generic byte loop cost ~20 instructions a byte.
        s.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return true }
            return memchr(base, 0, bytes.count) == nil
        } ?? !s.utf8.contains(0)
    }

    /// Throws `InvalidArgs` naming `what` unless `path` is a valid object path.
    public static func validateObjectPath(_ path: String, _ what: String = "object path") throws(DBusError) {
        guard isValidObjectPath(path) else { throw .invalidArgs("invalid \(what) '\(path)'") }
    }
    /// Throws `InvalidArgs` unless `name` is a valid interface name.
    public static func validateInterface(_ name: String) throws(DBusError) {
        guard isValidInterface(name) else { throw .invalidArgs("invalid interface name '\(name)'") }
    }
    /// Throws `InvalidArgs` unless `name` is a valid member name.
    public static func validateMember(_ name: String) throws(DBusError) {
        guard isValidMember(name) else { throw .invalidArgs("invalid member name '\(name)'") }
    }
    /// Throws `InvalidArgs` unless `name` is a valid bus name.
    public static func validateBusName(_ name: String) throws(DBusError) {
        guard isValidBusName(name) else { throw .invalidArgs("invalid bus name '\(name)'") }
    }

    private static func check(
        _ s: String, _ validate: (UnsafePointer<CChar>?, UnsafeMutablePointer<CDBus.DBusError>?) -> dbus_bool_t
    ) -> Bool {
        guard isValidString(s), !s.isEmpty else { return false }
        return s.withCString { validate($0, nil) != 0 }
    }
}
