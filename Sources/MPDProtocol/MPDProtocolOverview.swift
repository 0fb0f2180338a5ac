// MPDProtocol: the pure, bounded layer of the MPD protocol (issue 20). No I/O, no Foundation, no Glibc: the
// socket server and the command handlers are built on top of it.
//
// A connection, as the server drives it:
//
//     write MPDProtocolVersion.greeting
//     var framer = MPDLineFramer(), lists = MPDCommandListParser()
//     on bytes:  for line in framer.append(bytes) {
//                    switch lists.feed(line) {
//                    case .pending: break
//                    case .run(let request): run it (list index 0); then OK, or its MPDAck
//                    case .runList(let list): run entries in order; list_OK after each if list.sendsListOK;
//                                             at the first failure its ACK (listIndex = entry index), else OK
//                    case .reject(let error): write error.ack()
//                    case .close(let error): (optionally write error.ack()), close
//                    }
//                }
//                if framer.overflow != nil { close }
//
// A handler turns `request.arguments` into values with MPDArguments, MPDRange, MPDSeekTarget, MPDSingleMode,
// MPDPlaylistSaveMode, MPDInsertPosition, MPDIdleSubsystem, and for the database commands MPDSongQuery
// (find/search/…add), MPDCountQuery (count/searchcount) and MPDListQuery (list), which hold an MPDFilter tree.
// Every parse error is an MPDProtocolError: `error.ack(command: request.command, listIndex: i)` is the ACK to
// write. Responses are built with MPDResponseWriter, whose values can never break a line.
