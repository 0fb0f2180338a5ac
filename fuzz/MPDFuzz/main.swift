// libFuzzer harness for the MPD protocol layer (Sources/MPDProtocol, compiled in as one module). Built by
// fuzz/run, not by SwiftPM.
// The input is a client's byte stream: the first byte chooses the chunk size it is framed in (MPDLineFramer), each
// line goes through MPDCommandListParser, and every request's arguments through the argument, range, time stamp,
// filter and query parsers. The whole input is also one filter expression, so mutations reach the expression
// parser without passing the tokenizer. Invariants besides "no crash": the bounds of MPDLimits hold, ACK and
// response lines never break, and re-quoting a request's arguments tokenizes back to the same request.

// Tighter than the defaults so inputs of libFuzzer's sizes reach every bound.
private let limits = MPDLimits(
    maxLineBytes: 512, maxArguments: 24, maxListCommands: 64, maxListBytes: 4096, maxFilterDepth: 16,
    maxFilterValueBytes: 64)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let chunk = Int(first % 64) + 1
    let stream = bytes.dropFirst()
    var framer = MPDLineFramer(limits: limits)
    var parser = MPDCommandListParser(limits: limits)
    var at = stream.startIndex
    while at < stream.endIndex, framer.overflow == nil {
        let end = min(stream.endIndex, at + chunk)
        for line in framer.append(stream[at..<end]) {
            precondition(line.count <= limits.maxLineBytes)
            handle(parser.feed(line), line: line)
        }
        precondition(framer.pendingByteCount <= limits.maxLineBytes)
        at = end
    }
    expression(String(decoding: stream, as: UTF8.self))
    return 0
}

private func handle(_ outcome: MPDLineOutcome, line: [UInt8]) {
    switch outcome {
    case .pending: break
    case .run(let request): check(request, line: line)
    case .runList(let list):
        precondition(list.entries.count <= limits.maxListCommands)
        for (index, entry) in list.entries.enumerated() {
            switch entry {
            case .success(let request): check(request, line: nil)
            case .failure(let error): checkLine(error.ack(listIndex: index).line)
            }
        }
    case .reject(let error), .close(let error): checkLine(error.ack().line)
    }
}

private func check(_ request: MPDRequest, line: [UInt8]?) {
    precondition(request.arguments.count <= limits.maxArguments)
    // Quoting every argument again must give the same request back.
    let quoted = ([request.command] + request.arguments.map(quote)).joined(separator: " ")
    if quoted.utf8.count <= limits.maxLineBytes {
        precondition((try? MPDRequest.parse(quoted, limits: limits)) == request)
    }
    if let line { precondition(line.first.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } == true) }
    let args = request.arguments
    for argument in args { single(argument) }
    var writer = MPDResponseWriter()
    for argument in args {
        writer.field(argument, argument)
        writer.field("n", seconds: Double(argument.utf8.count) / 7)
    }
    precondition(writer.bytes.filter { $0 == 0x0A || $0 == 0x0D }.count == 2 * args.count)
    writer.binary(line ?? [])
    precondition(writer.bytes.count > (line ?? []).count)
    checkLine(MPDAck(.argument, listIndex: 3, command: request.command, message: args.joined()).line)
    do {
        let filter = try MPDFilter.parse(arguments: args, foldsCase: args.count % 2 == 0, limits: limits)
        precondition(depth(filter) <= limits.maxFilterDepth + 1)
    } catch { checkLine(error.ack().line) }
    query(args)
    _ = try? MPDIdleSubsystem.parseIdleArguments(args)
}

private func single(_ argument: String) {
    if let range = try? MPDRange.parse(argument) {
        precondition(range.start >= 0 && range.start <= Int(Int32.max))
        if let end = range.end { precondition(end >= range.start && end <= Int(Int32.max) + 1) }
        let clamped = range.clamped(toCount: argument.utf8.count)
        precondition(clamped.lowerBound >= 0 && clamped.upperBound <= argument.utf8.count)
    }
    _ = try? MPDArguments.unsigned(argument, max: 1000)
    _ = try? MPDArguments.int(argument, in: -5...5)
    _ = try? MPDArguments.bool(argument)
    if let value = try? MPDArguments.float(argument) { precondition(value.isFinite) }
    _ = try? MPDArguments.seconds(argument)
    _ = try? MPDSeekTarget.parse(argument)
    _ = try? MPDSingleMode.parse(argument)
    _ = try? MPDPlaylistSaveMode.parse(argument)
    _ = try? MPDInsertPosition.parse(argument)
    _ = try? MPDSort.parse(argument)
    _ = try? MPDTimestamp.parse(argument)
    _ = try? MPDAudioFormatPattern.parse(argument, isMask: argument.utf8.count % 2 == 0)
    expression(argument)
}

private func query(_ args: [String]) {
    do {
        let song = try MPDSongQuery.parse(args, foldsCase: true, allowsPosition: true, limits: limits)
        precondition(depth(song.filter) <= limits.maxFilterDepth + 1)
    } catch { checkLine(error.ack(command: "find").line) }
    _ = try? MPDCountQuery.parse(args, foldsCase: false, limits: limits)
    if let list = try? MPDListQuery.parse(args, limits: limits) {
        precondition(Set(list.groups).count == list.groups.count)
    }
}

private func expression(_ text: String) {
    do {
        let filter = try MPDFilter.parse(arguments: [text], foldsCase: false, limits: limits)
        precondition(depth(filter) <= limits.maxFilterDepth + 1)
    } catch { checkLine(error.ack(command: "search").line) }
}

/// How deep a parsed filter nests: at most maxFilterDepth, plus one for the `.and` of several arguments.
private func depth(_ filter: MPDFilter) -> Int {
    switch filter {
    case .not(let inner): 1 + depth(inner)
    case .and(let operands): 1 + (operands.map(depth).max() ?? 0)
    default: 1
    }
}

private func quote(_ argument: String) -> String {
    var out = "\""
    for character in argument.unicodeScalars {
        if character == "\"" || character == "\\" { out += "\\" }
        out.unicodeScalars.append(character)
    }
    return out + "\""
}

/// An ACK or response line: one "\n", at its end.
private func checkLine(_ line: String) {
    precondition(line.utf8.last == UInt8(ascii: "\n"))
    precondition(line.utf8.filter { $0 == 0x0A || $0 == 0x0D }.count == 1)
}
