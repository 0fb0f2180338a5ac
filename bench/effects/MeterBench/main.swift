// linnet-bench-meter: the two costs of level metering apart, for bench/effects/run (issue 13).
//   linnet-bench-meter measure SECONDS        CPU ns to meter SECONDS of 44.1 kHz stereo s16 (MeterHistory.record
//                                             in 40 ms writes as the output's fill does, take at 20/s), median of 5
//   linnet-bench-meter deliver ADDRESS COUNT  CPU ns (thread, user + kernel) per Levels signal sent to the bus at
//                                             ADDRESS, paced at 20/s like the meter, by the generic `emitSignal`
//                                             (DBusValue tree) and by the prepared signal the daemon uses
// Prints "key value" lines.
import DBus
import Glibc
import PlayerCore

func threadCPU() -> Int64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
}

func median(_ v: [Int64]) -> Int64 { v.sorted()[v.count / 2] }

func measure(seconds: Int) -> Int64 {
    let format = AudioFormat(sampleRate: 44100, channels: 2, sampleFormat: .int16)
    let writeFrames = 1764  // 40 ms, the stream's usual request
    // A 997 Hz tone at −6 dBFS, a different block each write so nothing is cached as constant.
    var samples = [Int16](repeating: 0, count: 44100 * 2)
    for i in 0..<44100 {
        let v = Int16(16384 * sin(2 * Double.pi * 997 * Double(i) / 44100))
        samples[2 * i] = v
        samples[2 * i + 1] = v
    }
    var runs: [Int64] = []
    var sink = 0.0
    for _ in 0..<5 {
        var history = MeterHistory(format: format)
        var frame: Int64 = 0
        var sinceTake = 0
        let start = threadCPU()
        samples.withUnsafeBytes { bytes in
            for _ in 0..<(seconds * 44100 / writeFrames) {
                let at = Int(frame % 40000) * 4
                history.record(UnsafeRawBufferPointer(rebasing: bytes[at..<(at + writeFrames * 4)]), at: frame)
                frame += Int64(writeFrames)
                sinceTake += writeFrames
                if sinceTake >= 2205 {
                    sinceTake -= 2205
                    if let s = history.take(heard: frame - 4410) { sink += s.reading().averageDb[0] }
                }
            }
        }
        runs.append(threadCPU() - start)
    }
    if sink == 1 { print("") }  // keeps the readings alive
    return median(runs)
}

func deliver(address: String, count: Int) throws(DBusError) {
    let connection = try DBusConnection(bus: .address(address))
    let path = "/org/mpris/MediaPlayer2", iface = "org.mpris.MediaPlayer2.linnet.Meters"
    let prepared = try connection.prepareSignal(path: path, interface: iface, name: "Levels")
    let reading = LevelReading(averageDb: [-9.03, -9.04], peakDb: [-6.02, -6.01])
    var pace = timespec(tv_sec: 0, tv_nsec: 50_000_000)
    for way in ["generic", "prepared"] {
        var costs: [Int64] = []
        for _ in 0..<count {
            nanosleep(&pace, nil)  // the meter's pace: each signal starts with cold caches, as in the daemon
            let t0 = threadCPU()
            if way == "generic" {
                try connection.emitSignal(
                    path: path, interface: iface, name: "Levels",
                    arguments: [
                        .string("player"), .array(element: .double, reading.averageDb.map(DBusValue.double)),
                        .array(element: .double, reading.peakDb.map(DBusValue.double))
                    ])
            } else {
                try connection.emit(prepared) { (body) throws(DBusError) in
                    try body.append("player")
                    try body.append(reading.averageDb)
                    try body.append(reading.peakDb)
                }
            }
            costs.append(threadCPU() - t0)
        }
        print("deliver-\(way)-ns \(median(costs))")
    }
}

let args = CommandLine.arguments
if args.count == 3, args[1] == "measure", let s = Int(args[2]) {
    print("measure-ns \(measure(seconds: s))")
} else if args.count == 4, args[1] == "deliver", let n = Int(args[3]) {
    do { try deliver(address: args[2], count: n) } catch {
        print("linnet-bench-meter: \(error)")
        exit(1)
    }
} else {
    print("usage: linnet-bench-meter measure SECONDS | deliver ADDRESS COUNT")
    exit(2)
}
