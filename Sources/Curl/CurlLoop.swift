import CCurl
import Glibc
import Threading
import Synchronization

/// Drives every HTTP transfer of the process on one thread with libcurl's multi interface.
///
/// The thread starts with the first transfer and then lives as long as the process. It sleeps in
/// `curl_multi_poll` (no timer: with no transfer it waits for `curl_multi_wakeup` only); commands from other
/// threads are queued under `commands` and the loop is woken to run them. All transfer callbacks run here.
///
/// Concurrency: `@unchecked Sendable` because `multi` and `active` are touched only on the loop thread (after
/// `init`); other threads reach the loop only through `post`, which locks `commands` and calls the thread-safe
/// `curl_multi_wakeup`.
public final class CurlLoop: @unchecked Sendable {
    enum Command {
        case add(HTTPTransfer)
        case remove(HTTPTransfer)
        case unpause(HTTPTransfer)
    }

    /// The process's loop (libcurl is loaded with it, on the first stream).
    private static let shared: Result<CurlLoop, CurlError> = CurlLibrary.shared.flatMap { lib in
        guard let loop = CurlLoop(lib: lib) else {
            return .failure(CurlError(.other, url: "", message: "curl_multi_init failed"))
        }
        return .success(loop)
    }

    let lib: CurlLibrary
    private let multi: UnsafeMutableRawPointer
    private let commands = Mutex<[Command]>([])
    private var active: [UnsafeMutableRawPointer: HTTPTransfer] = [:]
    private let started = Atomic<Bool>(false)

    private init?(lib: CurlLibrary) {
        self.lib = lib
        _ = linnet_curl_global_init(lib.globalInit, Int(CURL_GLOBAL_DEFAULT))
        guard let multi = linnet_curl_multi_init(lib.multiInit) else { return nil }
        self.multi = multi
    }

    /// Starts fetching `request` on the process's loop; the delegate's callbacks run on the loop's thread.
    /// Fails when libcurl cannot be loaded or the transfer cannot be set up.
    public static func start(_ request: HTTPRequest, delegate: any HTTPTransferDelegate) throws(CurlError)
        -> HTTPTransfer
    {
        let loop: CurlLoop
        switch shared {
        case .success(let l): loop = l
        case .failure(var e):
            e.url = request.url
            throw e
        }
        let transfer = try HTTPTransfer(request: request, delegate: delegate, loop: loop)
        loop.startThreadOnce()
        loop.post(.add(transfer))
        return transfer
    }

    func post(_ command: Command) {
        commands.withLock { $0.append(command) }
        _ = linnet_curl_multi_wakeup(lib.multiWakeup, multi)
    }

    private func startThreadOnce() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        precondition(startDetachedThread { [self] in run() }, "cannot start the network thread")
    }

    private func run() {
        while true {
            for command in commands.withLock({ list in
                defer { list = [] }; return list
            }) { apply(command) }
            var running: Int32 = 0
            _ = linnet_curl_multi_perform(lib.multiPerform, multi, &running)
            var left: Int32 = 0
            while let message = linnet_curl_multi_info_read(lib.multiInfoRead, multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let code = message.pointee.data.result
                finish(easy: easy, code: code)
            }
            // With nothing active this only returns on a wakeup (a new command).
            _ = linnet_curl_multi_poll(lib.multiPoll, multi, active.isEmpty ? Int32.max : 1000)
        }
    }

    private func apply(_ command: Command) {
        switch command {
        case .add(let t):
            guard !t.cancelled.load(ordering: .acquiring) else { return }
            let key = t.easy
            active[key] = t
            let rc = linnet_curl_multi_add_handle(lib.multiAddHandle, multi, t.easy)
            if rc != CURLM_OK {
                active[key] = nil
                let text = linnet_curl_multi_strerror(lib.multiStrerror, rc).map { String(cString: $0) } ?? "\(rc)"
                t.delegate.transferFinished(error: CurlError(.other, url: t.request.url, message: text))
            }
        case .remove(let t):
            let key = t.easy
            guard active.removeValue(forKey: key) != nil else { return }
            _ = linnet_curl_multi_remove_handle(lib.multiRemoveHandle, multi, t.easy)
        case .unpause(let t):
            guard active[t.easy] != nil else { return }
            _ = linnet_curl_easy_pause(lib.easyPause, t.easy, CURLPAUSE_CONT)
        }
    }

    private func finish(easy: UnsafeMutableRawPointer, code: CURLcode) {
        let key = easy
        guard let t = active.removeValue(forKey: key) else { return }
        _ = linnet_curl_multi_remove_handle(lib.multiRemoveHandle, multi, easy)
        t.finished(code)
    }
}
