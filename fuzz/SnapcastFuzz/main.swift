// libFuzzer harness for the Snapcast plug-in's input side (Sources/SnapcastBridge's framer, JSON reader and
// request decoder, with LinnetCLI's JSONValue and enums, compiled in as one module). Built by fuzz/run, not by
// SwiftPM.
// The input is snapserver's side of the pipe: the first byte chooses the chunk size it arrives in, the framer cuts
// lines, each line is decoded into a request or an error. Invariants besides "no crash": the framer holds at most
// one line; every error reply is one line of JSON that reads back with the request's id; JSON that reads is
// written back to the same text after a second round; an accepted request's parameters are within their ranges.

private let maximumLine = 512

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let chunk = Int(first % 64) + 1
    let stream = bytes.dropFirst()
    var framer = PluginLineFramer(maximumLineBytes: maximumLine)
    var at = stream.startIndex
    while at < stream.endIndex {
        let end = min(stream.endIndex, at + chunk)
        for line in framer.append(stream[at..<end]) { check(line) }
        precondition(framer.pendingByteCount <= maximumLine)
        at = end
    }
    if let last = framer.finish() { check(last) }
    // The whole input as one JSON text too, past the framer's cut.
    if let value = try? JSONReader.parse(Array(stream)) { roundTrip(value) }
    return 0
}

private func check(_ line: PluginLineFramer.Line) {
    if case .text(let bytes) = line {
        precondition(bytes.count <= maximumLine && !bytes.contains(0x0A))
        if let value = try? JSONReader.parse(bytes) { roundTrip(value) }
    }
    switch PluginInput.decode(line) {
    case .invalid(let id, let error):
        let reply = PluginMessage.line(PluginMessage.error(id: id, error))
        precondition(reply.utf8.last == 0x0A && reply.utf8.dropLast().allSatisfy { $0 != 0x0A })
        let back = try? JSONReader.parse(Array(reply.utf8.dropLast()))
        precondition(back?[member: "id"].map { $0.encoded == id.encoded } == true)
        precondition(back?[member: "error"]?[member: "code"] == .integer(Int64(error.code)))
    case .request(let id, let call):
        switch id {
        case .null, .integer, .number, .string: break
        default: preconditionFailure("id of a request is not a JSON-RPC id")
        }
        validate(call)
    case .notification, .response: break
    }
}

private func validate(_ call: PluginCall) {
    switch call {
    case .control(.seek(let offset)): precondition(offset.isFinite)
    case .control(.setPosition(let seconds)): precondition(seconds.isFinite && seconds >= 0)
    case .setProperties(let changes):
        precondition(!changes.isEmpty)
        for change in changes {
            switch change {
            case .volume(let p): precondition((0...100).contains(p))
            case .rate(let r): precondition(r.isFinite && r > 0)
            default: break
            }
        }
    default: break
    }
}

/// Writing a value read, reading it back and writing it again gives the same text (doubles that print as
/// integers read back as integers, so the first round may change the kind but not the text).
private func roundTrip(_ value: JSONValue) {
    let text = value.encoded
    guard let again = try? JSONReader.parse(Array(text.utf8)) else { preconditionFailure("written JSON does not read") }
    precondition(again.encoded == text)
}
