/// Live level bars for `status --meter` and `record --meter`: one line per channel, the RMS as a filled bar
/// on a −60…0 dB scale, the peak as a mark, and the numbers.
public enum MeterRendering {
    /// The quietest level the bar shows; anything below is an empty bar.
    public static let floorDb = -60.0

    /// `L ██████████▌····|······  -12.3 dB  peak  -6.0 dB` for one channel, `width` cells of bar.
    public static func line(label: String, averageDb: Double, peakDb: Double, width: Int) -> String {
        let cells = max(4, width)
        func position(_ db: Double) -> Int {
            guard db.isFinite else { return 0 }
            let f = (min(0, max(floorDb, db)) - floorDb) / -floorDb
            return Int((f * Double(cells)).rounded(.down))
        }
        let filled = min(cells, position(averageDb))
        let peak = min(cells - 1, position(peakDb))
        var bar = ""
        for i in 0..<cells {
            if i < filled { bar += "█" } else if i == peak && peakDb > floorDb { bar += "|" } else { bar += "·" }
        }
        return "\(label) \(bar) \(number(averageDb)) dB  peak \(number(peakDb)) dB"
    }

    /// Channel labels: L/R for stereo, M for mono, 1…n otherwise.
    public static func labels(channels: Int) -> [String] {
        switch channels {
        case 1: return ["M"]
        case 2: return ["L", "R"]
        default: return (1...max(1, channels)).map(String.init)
        }
    }

    /// One decimal, right-aligned in 6 characters; −160 (silence) prints as "  -inf".
    static func number(_ db: Double) -> String {
        let text: String
        if !db.isFinite || db <= -160 {
            text = "-inf"
        } else {
            let tenths = Int((db * 10).rounded())
            let sign = tenths < 0 ? "-" : ""
            text = "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
        }
        return String(repeating: " ", count: max(0, 6 - text.count)) + text
    }
}
