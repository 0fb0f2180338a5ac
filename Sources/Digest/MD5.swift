import DynamicLibrary

/// MD5 (RFC 1321) from OpenSSL's libcrypto, opened with dlopen on first use: Last.fm signs its requests with it.
/// libcrypto is the library libcurl (OpenSSL flavour) already maps for TLS, so by the time a request is signed it
/// costs nothing to open, and it is a well-kept implementation rather than one more of our own. `EVP_Digest` with
/// `EVP_md5` is OpenSSL's current API (the one-shot `MD5()` is deprecated in 3.0).
///
/// Concurrency: the loaded functions are immutable and libcrypto's EVP_Digest is thread-safe, so any thread may
/// call `hex`.
public enum MD5 {
    /// The lowercase hex digest of `bytes`, or why libcrypto could not be used.
    public static func hex(_ bytes: [UInt8]) throws(DigestError) -> String {
        let lib: Functions
        switch Functions.shared {
        case .success(let l): lib = l
        case .failure(let e): throw e
        }
        var digest = [UInt8](repeating: 0, count: 16)
        var size: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { out in
                lib.digest(input.baseAddress, input.count, out.baseAddress, &size, lib.md5(), nil)
            }
        }
        guard ok == 1, size == 16 else { throw DigestError(message: "EVP_Digest(MD5) failed") }
        let hex = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(32)
        for b in digest {
            text.append(hex[Int(b >> 4)])
            text.append(hex[Int(b & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The two functions, typed.
    struct Functions: @unchecked Sendable {
        // @unchecked: C function pointers into a library that is never closed; immutable.
        typealias DigestFunction =
            @convention(c) (
                UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?, OpaquePointer?,
                OpaquePointer?
            ) -> Int32
        typealias MDFunction = @convention(c) () -> OpaquePointer?
        let digest: DigestFunction
        let md5: MDFunction

        static let shared: Result<Functions, DigestError> = load()

        private static func load() -> Result<Functions, DigestError> {
            var reasons: [String] = []
            for soname in ["libcrypto.so.3", "libcrypto.so.1.1"] {
                switch DynamicLibrary.open(soname) {
                case .failure(let e): reasons.append(e.reason)
                case .success(var so):
                    let d = so.function("EVP_Digest"), m = so.function("EVP_md5")
                    guard so.missing.isEmpty else {
                        reasons.append("\(soname) lacks \(so.missing.joined(separator: ", "))")
                        continue
                    }
                    return .success(
                        Functions(
                            digest: unsafeBitCast(d, to: DigestFunction.self),
                            md5: unsafeBitCast(m, to: MDFunction.self)
                        ))
                }
            }
            return .failure(
                DigestError(message: "cannot load libcrypto (libssl3): \(reasons.joined(separator: "; "))"))
        }
    }
}

/// Why a digest could not be computed.
public struct DigestError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
