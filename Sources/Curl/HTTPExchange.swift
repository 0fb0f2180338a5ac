import Synchronization

/// One request whose whole answer is wanted (an API call, not a stream): the status, headers and body (at most
/// `maxBodyBytes`) arrive together in `completion`, on the Curl loop's thread. Any status is an answer; only a
/// failure to get one (connect, timeout, a body over the limit) is an error.
public enum HTTPExchange {
    @discardableResult
    public static func send(
        _ request: HTTPRequest, maxBodyBytes: Int = 1 << 20,
        completion: @escaping @Sendable (Result<(HTTPResponse, [UInt8]), CurlError>) -> Void
    ) throws(CurlError) -> HTTPTransfer {
        try CurlLoop.start(request, delegate: Collector(limit: maxBodyBytes, completion: completion))
    }

    /// Gathers the answer. Called only on the loop's thread, one callback at a time; the Mutex makes that
    /// visible to the compiler rather than relying on it.
    final class Collector: HTTPTransferDelegate {
        struct State {
            var response: HTTPResponse?
            var body: [UInt8] = []
        }
        private let state = Mutex(State())
        private let limit: Int
        private let completion: @Sendable (Result<(HTTPResponse, [UInt8]), CurlError>) -> Void

        init(limit: Int, completion: @escaping @Sendable (Result<(HTTPResponse, [UInt8]), CurlError>) -> Void) {
            self.limit = limit
            self.completion = completion
        }

        func transferReceived(response: HTTPResponse) -> String? {
            state.withLock { $0.response = response }
            return nil
        }

        func transferReceived(data: UnsafeRawBufferPointer) -> HTTPDataDecision {
            state.withLock { s in
                guard s.body.count + data.count <= limit else { return .abort(reason: "answer over \(limit) bytes") }
                s.body += data
                return .accepted
            }
        }

        func transferFinished(error: CurlError?) {
            let (response, body) = state.withLock { ($0.response, $0.body) }
            if let error { return completion(.failure(error)) }
            guard let response else {
                return completion(.failure(CurlError(.other, url: "", message: "no response")))
            }
            completion(.success((response, body)))
        }
    }
}
