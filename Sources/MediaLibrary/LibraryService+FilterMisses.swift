import Dispatch
import PlayerCore
import SQLite

/// Which filter values match nothing, and what they may have meant (service queue).
extension LibraryService {
    /// The filter's values (artist, album artist, genre, composer, album, playlist) that no song has exactly
    /// (folded), each with the closest names the library has; empty when every value names something (then
    /// only their combination matches nothing). Year and text are not names and are not checked.
    public func filterMisses(_ filter: LibraryQuery.Filter) throws(LibraryError) -> [FilterMiss] {
        dispatchPrecondition(condition: .onQueue(serviceQueue))
        var out: [FilterMiss] = []
        let columns: [(String, String?, LibraryReader.NameColumn)] = [
            ("artist", filter.artist, .role(.artist)), ("albumartist", filter.albumArtist, .role(.albumArtist)),
            ("album", filter.album, .album), ("genre", filter.genre, .role(.genre)),
            ("composer", filter.composer, .role(.composer))
        ]
        do throws(SQLiteError) {
            for (key, value, column) in columns {
                guard let value else { continue }
                let folded = TextFolding.fold(value)
                if try reader.exists(column, folded: folded) { continue }
                out.append(
                    FilterMiss(
                        key: key, value: value,
                        suggestions: NameSuggestions.rank(value, try reader.candidates(column, folded: folded))))
            }
        } catch { throw .storage(error.description) }
        if let text = filter.playlist, try resolvedPlaylist(text) == nil {
            out.append(
                FilterMiss(
                    key: "playlist", value: text,
                    suggestions: NameSuggestions.rank(text, try playlists().map(\.name))))
        }
        return out
    }

    /// The playlist a query's playlist filter means, or nil when it means none (the query then selects nothing,
    /// as for any filter value that matches nothing); several file playlists of that name are refused, never merged.
    func resolvedPlaylist(_ text: String) throws(LibraryError) -> PlaylistInfo? {
        do { return try playlistStore.find(.text(text)) } catch {
            if case .lookup(.notFound) = error { return nil }
            throw Self.playlistError(error)
        }
    }
}
