import Foundation
import FoundationXML

/// The parts of an introspection document the tests check, parsed back with XMLParser.
final class IntrospectionXML: NSObject, XMLParserDelegate {
    struct Member: Equatable { var kind: String; var name: String; var args: [String] }
    var interfaces: [String: [Member]] = [:]
    var properties: [String: [String: (type: String, access: String, emits: String?)]] = [:]
    var children: [String] = []
    private var depth = 0
    private var currentInterface: String?
    private var currentMember: Member?
    private var currentProperty: String?

    static func parse(_ xml: String) -> IntrospectionXML? {
        let doc = IntrospectionXML()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = doc
        return parser.parse() ? doc : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch name {
        case "node":
            depth += 1
            if depth == 2, let child = attributes["name"] { children.append(child) }
        case "interface":
            currentInterface = attributes["name"]
            interfaces[currentInterface!] = []
        case "method", "signal":
            currentMember = Member(kind: name, name: attributes["name"] ?? "", args: [])
        case "arg":
            let dir = attributes["direction"] ?? (currentMember?.kind == "signal" ? "out" : "in")
            currentMember?.args.append("\(dir):\(attributes["type"] ?? "")")
        case "property":
            currentProperty = attributes["name"]
            properties[currentInterface!, default: [:]][currentProperty!] =
                (attributes["type"] ?? "", attributes["access"] ?? "", nil)
        case "annotation":
            if let p = currentProperty, attributes["name"] == "org.freedesktop.DBus.Property.EmitsChangedSignal" {
                properties[currentInterface!]![p]!.emits = attributes["value"]
            }
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "node": depth -= 1
        case "method", "signal":
            if let m = currentMember, let i = currentInterface { interfaces[i]!.append(m) }
            currentMember = nil
        case "property": currentProperty = nil
        default: break
        }
    }
}
