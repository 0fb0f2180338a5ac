import Testing
@testable import PlayerCore

@Suite struct RouteKindTests {
    @Test(arguments: [
        (Routes.headphones, RouteKind.headphones),
        (Routes.speakers, .speaker),
        (Routes.lineOut, .lineOut),
        (Routes.oldPAHeadphones, .headphones),
        (Routes.oldPASpeakers, .speaker),
        (Routes.hdmi, .hdmi),
        (Routes.a2dp, .bluetoothA2DP),
        (Routes.hfp, .bluetoothHFP),
        (Routes.pipewireA2DP, .bluetoothA2DP),
        (Routes.usbHeadset, .usbHeadset),
        (Routes.usbDAC, .unknown),
        (Routes.nullHeadphones, .headphones),
        (Routes.nullBluetooth, .bluetoothA2DP),
        (Routes.nullSpeakers, .speaker),
        (Routes.nullPlain, .unknown),
        (Routes.earpiece, .earpiece),
        (Routes.carBT, .bluetoothA2DP)
    ])
    func classifiesRealSinks(route: AudioRoute, kind: RouteKind) {
        #expect(route.kind == kind, "\(route.sinkName)")
    }

    @Test func privacy() {
        for k in [RouteKind.headphones, .headset, .earpiece, .bluetoothA2DP, .bluetoothHFP, .usbHeadset] {
            #expect(k.privacy == .private)
        }
        for k in [RouteKind.speaker, .lineOut, .hdmi, .carAudio, .network] { #expect(k.privacy == .public) }
        #expect(RouteKind.unknown.privacy == .unknown)
    }

    @Test func propertiesMapping() {
        let r = AudioRoute(
            sinkName: "s",
            properties: ["device.description": "D", "device.api": "bluez5", "api.bluez5.profile": "headset-head-unit"],
            port: nil)
        #expect(r.bus == "bluetooth" && r.bluetoothProfile == "headset-head-unit" && r.sinkDescription == "D")
        #expect(r.kind == .bluetoothHFP)
        #expect(AudioRoute(sinkName: "x", properties: [:], port: nil).sinkDescription == "x")
    }

    @Test func portNameHeuristicsWithoutTypes() {
        func kind(_ name: String) -> RouteKind { AudioRoute(sinkName: "s", port: AudioPort(name: name)).kind }
        #expect(kind("iec958-stereo-output") == .lineOut)
        #expect(kind("hdmi-output-1") == .hdmi)
        #expect(kind("[Out] Headset") == .headset)
        #expect(kind("analog-output") == .unknown)
    }

    @Test func portTypeRawValuesMatchLibpulse() {
        #expect(PortType.headphones.rawValue == 3 && PortType.hdmi.rawValue == 10 && PortType.analog.rawValue == 22)
        #expect(PortAvailability.no.rawValue == 1 && PortAvailability.yes.rawValue == 2)
    }
}
