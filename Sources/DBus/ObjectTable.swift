/// One exported interface with lookup tables built once at export time.
struct ExportedInterface: Sendable {
    let declaration: DBusInterface
    let methods: [String: DBusMethod]
    let properties: [String: DBusProperty]

    init(_ declaration: DBusInterface) {
        self.declaration = declaration
        methods = Dictionary(declaration.methods.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        properties = Dictionary(declaration.properties.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }
}

/// One exported object: its interfaces in declaration order.
struct ExportedObject: Sendable {
    var interfaces: [String: ExportedInterface] = [:]
    var order: [String] = []

    /// The `<interface>` elements (standard ones included), built when a client introspects: few do, and
    /// building them for every export was a fifth of linnetd's start before its bus name.
    var introspectionBody: String { Introspection.interfacesXML(order.compactMap { interfaces[$0]?.declaration }) }

    mutating func set(_ interface: DBusInterface) {
        if interfaces[interface.name] == nil { order.append(interface.name) }
        interfaces[interface.name] = ExportedInterface(interface)
    }

    mutating func remove(_ name: String) {
        interfaces[name] = nil
        order.removeAll { $0 == name }
    }
}

/// All objects exported on a connection, by path. Pure value type: the decisions about paths live here.
struct ObjectTable: Sendable {
    private(set) var objects: [String: ExportedObject] = [:]

    subscript(path: String) -> ExportedObject? {
        get { objects[path] }
        set { objects[path] = newValue }
    }

    var isEmpty: Bool { objects.isEmpty }

    /// Names of the direct child nodes of `path` (objects below it, or intermediate path elements), sorted.
    func childNodes(of path: String) -> [String] {
        let prefix = path == "/" ? "/" : path + "/"
        var names = Set<String>()
        for key in objects.keys where key.hasPrefix(prefix) && key != path {
            let rest = key.dropFirst(prefix.count)
            if let first = rest.split(separator: "/", maxSplits: 1).first { names.insert(String(first)) }
        }
        return names.sorted()
    }
}
