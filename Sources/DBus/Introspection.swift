/// Builds `org.freedesktop.DBus.Introspectable` XML from interface declarations (pure functions).
enum Introspection {
    static let doctype = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

        """

    /// The standard interfaces every exported object answers.
    static let standardInterfaces = """
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId"><arg type="s" name="machine_uuid" direction="out"/></method>
          </interface>
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect"><arg type="s" name="xml_data" direction="out"/></method>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="s" name="property_name" direction="in"/>
              <arg type="v" name="value" direction="out"/>
            </method>
            <method name="GetAll">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="a{sv}" name="props" direction="out"/>
            </method>
            <method name="Set">
              <arg type="s" name="interface_name" direction="in"/>
              <arg type="s" name="property_name" direction="in"/>
              <arg type="v" name="value" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg type="s" name="interface_name"/>
              <arg type="a{sv}" name="changed_properties"/>
              <arg type="as" name="invalidated_properties"/>
            </signal>
          </interface>

        """

    /// The complete document for an object (nil body for a pure intermediate node) with its child nodes.
    static func document(body: String?, children: [String]) -> String {
        var xml = doctype + "<node>\n"
        if let body { xml += standardInterfaces + body }
        for child in children { xml += "  <node name=\"\(escape(child))\"/>\n" }
        return xml + "</node>\n"
    }

    /// The `<interface>` elements of the given declarations.
    static func interfacesXML(_ interfaces: [DBusInterface]) -> String {
        var xml = ""
        for iface in interfaces {
            xml += "  <interface name=\"\(escape(iface.name))\">\n"
            for m in iface.methods {
                xml += "    <method name=\"\(escape(m.name))\">\n"
                xml += args(m.inSignature, names: m.inNames, direction: "in")
                xml += args(m.outSignature, names: m.outNames, direction: "out")
                xml += "    </method>\n"
            }
            for s in iface.signals {
                xml += "    <signal name=\"\(escape(s.name))\">\n"
                xml += args(s.signature, names: s.argNames, direction: nil)
                xml += "    </signal>\n"
            }
            for p in iface.properties {
                xml += "    <property name=\"\(escape(p.name))\" type=\"\(escape(p.signature.rawValue))\""
                xml += " access=\"\(p.access.rawValue)\""
                if p.emitsChange == .emitsValue {
                    xml += "/>\n"
                } else {
                    xml += ">\n      <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\""
                    xml += " value=\"\(p.emitsChange.rawValue)\"/>\n    </property>\n"
                }
            }
            for a in iface.annotations {
                xml += "    <annotation name=\"\(escape(a.name))\" value=\"\(escape(a.value))\"/>\n"
            }
            xml += "  </interface>\n"
        }
        return xml
    }

    private static func args(_ signature: DBusSignature, names: [String], direction: String?) -> String {
        var xml = ""
        for (i, type) in signature.completeTypes.enumerated() {
            xml += "      <arg type=\"\(escape(type.rawValue))\""
            if i < names.count, !names[i].isEmpty { xml += " name=\"\(escape(names[i]))\"" }
            if let direction { xml += " direction=\"\(direction)\"" }
            xml += "/>\n"
        }
        return xml
    }

    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }
}
