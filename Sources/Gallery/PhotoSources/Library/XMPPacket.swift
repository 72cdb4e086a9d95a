/// The few properties of an XMP sidecar that hold a photo's labels, read from its text and set in
/// it with every other byte left as it was: a sidecar darktable, digiKam or Lightroom wrote keeps
/// its edits, tags and history. Not an XML parser: a scan of the tags, enough for RDF/XML as XMP
/// writers write it (properties as attributes of `rdf:Description`, or as elements in it).
///
/// What is written, as the managers read it (darktable's `src/common/exif.cc`, digiKam's
/// `dmetadata_labels.cpp`): `xmp:Rating` (0–5, -1 rejected, as Lightroom and darktable write it),
/// `xmp:Label` (the colour's name, which all three read), `digiKam:PickLabel` (1 rejected, 3
/// picked: nothing else keeps a pick), and, only where the sidecar has them already,
/// `digiKam:ColorLabel` and `darktable:colorlabels`, which those tools read before `xmp:Label`.
struct XMPPacket {
    /// The packet's bytes, UTF-8.
    private(set) var bytes: [UInt8]

    enum Namespace {
        static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
        static let xmp = "http://ns.adobe.com/xap/1.0/"
        static let digiKam = "http://www.digikam.org/ns/1.0/"
        static let darktable = "http://darktable.sf.net/"
    }

    /// A property: its namespace, the prefix used when the packet binds none, its name.
    struct Property: Equatable {
        let namespace: String
        let preferredPrefix: String
        let name: String

        static let rating = Property(namespace: Namespace.xmp, preferredPrefix: "xmp", name: "Rating")
        static let label = Property(namespace: Namespace.xmp, preferredPrefix: "xmp", name: "Label")
        static let pickLabel = Property(namespace: Namespace.digiKam, preferredPrefix: "digiKam", name: "PickLabel")
        static let colorLabel = Property(namespace: Namespace.digiKam, preferredPrefix: "digiKam", name: "ColorLabel")
        static let darktableColorLabels = Property(namespace: Namespace.darktable, preferredPrefix: "darktable", name: "colorlabels")
    }

    /// A new sidecar's text, before its properties are set.
    static let empty = Array("""
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="gallery">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""/>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>

        """.utf8)

    /// Why a sidecar's text cannot be rewritten.
    enum Problem: Error, Equatable {
        case notText, notXMP
    }

    /// `bytes` nil or empty: a new sidecar. Throws when they are not UTF-8 or hold no `rdf:RDF`.
    init(_ bytes: [UInt8]?) throws(Problem) {
        guard let bytes, !bytes.isEmpty else {
            self.bytes = Self.empty
            return
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .notText }
        self.bytes = bytes
        let scan = XMLScan(bytes)
        // A text that is not well-formed is never rewritten: where its tags end is a guess. And an
        // `rdf:RDF` that can hold descriptions, its prefix bound to RDF's namespace.
        guard scan.isWellFormed, scan.firstIndex(ofRDF: "RDF", kinds: [.start]) != nil else { throw .notXMP }
    }

    // MARK: Labels

    /// The labels the packet holds; none when it says nothing.
    var labels: PhotoLabels {
        let scan = XMLScan(bytes)
        var labels = PhotoLabels()
        if let text = value(of: .rating, in: scan), let stars = Self.number(text) {
            if stars < 0 { labels.flag = .rejected } else { labels.rating = min(5, stars) }
        }
        switch value(of: .pickLabel, in: scan).flatMap(Self.number) {
        case 1?: labels.flag = .rejected
        case 3?: labels.flag = .picked
        default: break
        }
        if let name = value(of: .label, in: scan)?.lowercased(), let colour = PhotoLabels.Colour(rawValue: name) {
            labels.colour = colour
        } else if let number = value(of: .colorLabel, in: scan).flatMap(Self.number),
                  let colour = Self.digiKamColours.first(where: { $0.value == number })?.key {
            labels.colour = colour
        } else if let index = darktableLabels(in: scan).first, PhotoLabels.Colour.allCases.indices.contains(index) {
            labels.colour = PhotoLabels.Colour.allCases[index]
        }
        return labels
    }

    /// digiKam's numbers of the colours (it has orange, grey, black and white besides).
    private static let digiKamColours: [PhotoLabels.Colour: Int] = [.red: 1, .yellow: 3, .green: 4, .blue: 5, .purple: 6]

    /// Sets `labels`, leaving every other property as it was: only the properties of what changed
    /// are touched (digiKam's "pending" pick or orange label, which have no key here, stay).
    mutating func set(_ labels: PhotoLabels) {
        let current = self.labels
        if labels.rating != current.rating || (labels.flag == .rejected) != (current.flag == .rejected) {
            let stars = labels.flag == .rejected ? "-1" : "\(labels.rating)"
            // No stars is said by leaving the property out, unless the packet says it already.
            let isSaid = find(.rating, in: XMLScan(bytes)) != nil
            set(.rating, to: labels.rating == 0 && labels.flag != .rejected && !isSaid ? nil : stars)
        }
        if labels.flag != current.flag { set(.pickLabel, to: labels.flag.map { $0 == .picked ? "3" : "1" }) }
        guard labels.colour != current.colour else { return }
        set(.label, to: labels.colour?.xmpName)
        if find(.colorLabel, in: XMLScan(bytes)) != nil {
            set(.colorLabel, to: "\(labels.colour.flatMap { Self.digiKamColours[$0] } ?? 0)")
        }
        let scan = XMLScan(bytes)
        if find(.darktableColorLabels, in: scan) != nil {
            let index = labels.colour.flatMap { PhotoLabels.Colour.allCases.firstIndex(of: $0) }
            let li = scan.rdfName("li"), seq = scan.rdfName("Seq")
            set(.darktableColorLabels, to: index.map { "<\(seq)><\(li)>\($0)</\(li)></\(seq)>" })
        }
    }

    // MARK: Finding

    /// Where a property is: an attribute of a description, or an element.
    private enum Place {
        /// The attribute's whole text (` xmp:Rating="3"`, with the space before it) and its value's.
        case attribute(whole: Range<Int>, value: Range<Int>)
        /// The element's whole text (from `<` to its end tag's `>`) and its content's (nil: `<a/>`).
        case element(whole: Range<Int>, content: Range<Int>?)
    }

    /// The first place of `property`, its prefix bound to its namespace where it stands: the
    /// photo's own, an attribute of a description in the packet's `rdf:RDF` (the first) or an
    /// element in one.
    /// A description deeper down is the value of a property (a structure), whose properties are
    /// not the photo's: setting the property holding it would remove them.
    private func find(_ property: Property, in scan: XMLScan) -> Place? {
        guard scan.namespaces.contains(where: { $0.uri == property.namespace }) else { return nil }
        let packet = scan.firstIndex(ofRDF: "RDF", kinds: [.start])
        let isDescription = { (index: Int) in
            packet != nil && scan.parents[index] == packet
                && scan.names(scan.tags[index].name, Namespace.rdf, "Description", in: scan.scopes[index])
        }
        for (index, tag) in scan.tags.enumerated() where tag.kind != .end {
            let scope = scan.scopes[index]
            if isDescription(index),
               let attribute = tag.attributes.first(where: { scan.names($0.name, property.namespace, property.name, in: scope) }) {
                return .attribute(whole: attribute.whole, value: attribute.value)
            }
            if scan.names(tag.name, property.namespace, property.name, in: scope), scan.parents[index].map(isDescription) == true {
                guard tag.kind == .start else { return .element(whole: tag.range, content: nil) }
                // An element never closed holds nothing: a later place may.
                guard let end = scan.end(of: index) else { continue }
                return .element(whole: tag.range.lowerBound..<scan.tags[end].range.upperBound,
                                content: tag.range.upperBound..<scan.tags[end].range.lowerBound)
            }
        }
        return nil
    }

    private func value(of property: Property, in scan: XMLScan) -> String? {
        switch find(property, in: scan) {
        case .attribute(_, let value)?: return text(value)
        case .element(_, let content?)?: return text(content)
        case .element(_, nil)?, nil: return nil
        }
    }

    /// darktable's colour labels, in the order listed.
    private func darktableLabels(in scan: XMLScan) -> [Int] {
        guard case .element(_, let content?)? = find(.darktableColorLabels, in: scan) else { return [] }
        let li = scan.rdfName("li")
        return scan.tags.indices.filter { scan.tags[$0].kind == .start && scan.tags[$0].name == li
                && content.contains(scan.tags[$0].range.lowerBound) }
            .compactMap { index in
                scan.end(of: index).flatMap { Self.number(text(scan.tags[index].range.upperBound..<scan.tags[$0].range.lowerBound)) }
            }
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self).trimmingWhitespace()
    }

    /// An integer, or a real rounded ("3.0").
    private static func number(_ text: String) -> Int? {
        Int(text) ?? Double(text).flatMap { $0.isFinite && abs($0) < 1e6 ? Int($0.rounded()) : nil }
    }

    // MARK: Editing

    /// Sets a property's value (text, or darktable's list of labels) where it is, or adds it as an
    /// attribute of the first description; nil takes it out.
    private mutating func set(_ property: Property, to value: String?) {
        let scan = XMLScan(bytes)
        switch (find(property, in: scan), value) {
        case (.attribute(_, let range)?, let value?), (.element(_, let range?)?, let value?):
            bytes.replaceSubrange(range, with: Array(value.utf8))
        case (.element(let whole, nil)?, let value?):
            let name = String(decoding: bytes[whole], as: UTF8.self).dropFirst().prefix { !" \t\r\n/>".contains($0) }
            bytes.replaceSubrange(whole, with: Array("<\(name)>\(value)</\(name)>".utf8))
        case (.attribute(let whole, _)?, nil), (.element(let whole, _)?, nil):
            bytes.removeSubrange(Self.widenedToLine(whole, in: bytes))
        case (nil, let value?):
            addAttribute(property, value, scan: scan)
        case (nil, nil):
            break
        }
    }

    /// `range` with the blanks before it, and its line's end when it fills a line of its own, so
    /// that taking it out leaves no blank line.
    private static func widenedToLine(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        if start > 0, bytes[start - 1] == UInt8(ascii: "\n") || bytes[start - 1] == UInt8(ascii: "\r") {
            // A line of its own: its line break goes with it.
            var end = range.upperBound
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\n") || bytes[end] == UInt8(ascii: "\r") {
                if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") { end += 1 }
                return start..<(end + 1)
            }
        }
        // Among other attributes or elements: the blanks before it go with it.
        return start..<range.upperBound
    }

    /// Adds `property` as an attribute of the first description (one is made when the packet has
    /// none), binding its namespace there when the description and its parents bind none.
    private mutating func addAttribute(_ property: Property, _ value: String, scan: XMLScan) {
        let description = scan.rdfName("Description")
        guard let index = scan.firstIndex(ofRDF: "Description", kinds: [.start, .empty]) else {
            guard let rdf = scan.firstIndex(ofRDF: "RDF", kinds: [.start]).map({ scan.tags[$0] }) else { return }
            let about = scan.rdfName("about")
            bytes.insert(contentsOf: Array("\n  <\(description) \(about)=\"\"/>".utf8), at: rdf.range.upperBound)
            addAttribute(property, value, scan: XMLScan(bytes))
            return
        }
        let tag = scan.tags[index]
        let inScope = scan.scopes[index]
        var text = ""
        let prefix: String
        if let bound = inScope.first(where: { $0.value == property.namespace })?.key {
            prefix = bound
        } else {
            var free = property.preferredPrefix, suffix = 1
            // Not a prefix bound here, nor one the tag uses unbound (which the new binding would bind).
            while inScope[free] != nil || tag.attributes.contains(where: { $0.name.hasPrefix(free + ":") }) {
                free = property.preferredPrefix + "\(suffix)"
                suffix += 1
            }
            prefix = free
            text += "\n    xmlns:\(prefix)=\"\(property.namespace)\""
        }
        text += "\n    \(prefix):\(property.name)=\"\(value)\""
        // Before `/>` or `>`.
        var at = tag.range.upperBound - 1
        if tag.kind == .empty { at -= 1 }
        bytes.insert(contentsOf: Array(text.utf8), at: at)
    }
}

/// The tags of an XML text, in order, with their attributes, and the namespaces it binds: enough
/// to find and change a property. Comments, processing instructions, CDATA and declarations are
/// stepped over; text is not read.
struct XMLScan {
    struct Tag {
        enum Kind: Hashable {
            /// `<a>`, `<a/>`, `</a>`.
            case start, empty, end
        }
        let kind: Kind
        let name: String
        /// The whole tag, `<` to `>`.
        let range: Range<Int>
        let attributes: [Attribute]
    }

    struct Attribute {
        let name: String
        /// From the blank before the name to the closing quote.
        let whole: Range<Int>
        let value: Range<Int>
    }

    private(set) var tags: [Tag] = []
    /// Every `<` starts a tag, a comment, a processing instruction or CDATA, every end tag closes
    /// the tag open, and no tag names an attribute twice.
    private(set) var isWellFormed = true
    /// The prefix bound to RDF's namespace ("rdf").
    private(set) var rdfPrefix = "rdf"

    /// `name` in RDF's namespace ("rdf:Description").
    func rdfName(_ name: String) -> String { rdfPrefix + ":" + name }

    /// Every `xmlns:prefix="uri"` in the text.
    private(set) var namespaces: [(prefix: String, uri: String)] = []
    /// Each tag's namespaces in scope, prefix to URI: its own and those of the tags open around it.
    private(set) var scopes: [[String: String]] = []
    /// Each tag's parent: the start tag it stands in, nil at the top.
    private(set) var parents: [Int?] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var at = 0
        while let open = bytes[at...].firstIndex(of: UInt8(ascii: "<")) {
            if Self.starts(bytes, at: open, with: "<!--") {
                at = Self.index(after: "-->", in: bytes, from: open + 4)
            } else if Self.starts(bytes, at: open, with: "<![CDATA[") {
                at = Self.index(after: "]]>", in: bytes, from: open + 9)
            } else if Self.starts(bytes, at: open, with: "<?") {
                at = Self.index(after: "?>", in: bytes, from: open + 2)
            } else if Self.starts(bytes, at: open, with: "<!") {
                at = Self.index(after: ">", in: bytes, from: open + 2)
            } else if let tag = Self.tag(in: bytes, at: open) {
                // An attribute named twice in one tag: which one counts is a guess.
                if Set(tag.attributes.map(\.name)).count != tag.attributes.count { isWellFormed = false }
                tags.append(tag)
                at = tag.range.upperBound
            } else {
                isWellFormed = false
                at = open + 1
            }
            guard at < bytes.count else { break }
        }
        namespaces = bindings(of: tags.indices)
        var open: [[String: String]] = [[:]]
        var names: [String] = []
        var starts: [Int] = []
        for index in tags.indices {
            var scope = open[open.count - 1]
            for (prefix, uri) in bindings(of: [index]) { scope[prefix] = uri }
            scopes.append(scope)
            if tags[index].kind == .end, !starts.isEmpty { starts.removeLast() }
            parents.append(starts.last)
            switch tags[index].kind {
            case .start:
                open.append(scope)
                names.append(tags[index].name)
                starts.append(index)
            case .empty: break
            case .end:
                if open.count > 1 { open.removeLast() }
                if names.popLast() != tags[index].name { isWellFormed = false }
            }
        }
        if !names.isEmpty { isWellFormed = false }
        if let bound = namespaces.first(where: { $0.uri == XMPPacket.Namespace.rdf }) { rdfPrefix = bound.prefix }
    }

    private let bytes: [UInt8]

    /// The end tag that closes the start tag at `index`; nil when the text never closes it.
    func end(of index: Int) -> Int? {
        var depth = 0
        for later in (index + 1)..<tags.count {
            switch tags[later].kind {
            case .start: depth += 1
            case .empty: continue
            case .end:
                if depth == 0 { return tags[later].name == tags[index].name ? later : nil }
                depth -= 1
            }
        }
        return nil
    }

    /// The first tag of one of `kinds` that is RDF's `local` ("Description") where it stands.
    func firstIndex(ofRDF local: String, kinds: Set<Tag.Kind>) -> Int? {
        tags.indices.first { kinds.contains(tags[$0].kind) && names(tags[$0].name, XMPPacket.Namespace.rdf, local, in: scopes[$0]) }
    }

    /// Whether the qualified `name` ("xmp:Rating") names `local` in `namespace` where `scope` binds its prefix.
    func names(_ name: String, _ namespace: String, _ local: String, in scope: [String: String]) -> Bool {
        guard name.hasSuffix(":" + local) else { return false }
        return scope[String(name.dropLast(local.count + 1))] == namespace
    }

    private func bindings(of indices: some Sequence<Int>) -> [(prefix: String, uri: String)] {
        indices.flatMap { index in
            tags[index].attributes.filter { $0.name.hasPrefix("xmlns:") }
                .map { (String($0.name.dropFirst(6)), String(decoding: bytes[$0.value], as: UTF8.self)) }
        }
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - index >= pattern.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    /// The place just past the next `text` from `start`, or the end.
    private static func index(after text: String, in bytes: [UInt8], from start: Int) -> Int {
        var at = start
        while at < bytes.count {
            if starts(bytes, at: at, with: text) { return at + text.utf8.count }
            at += 1
        }
        return bytes.count
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        !isBlank(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "=")
            && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
    }

    /// The tag at `open`; nil when it is not one (a stray `<`, a tag never closed).
    private static func tag(in bytes: [UInt8], at open: Int) -> Tag? {
        var at = open + 1
        let isEnd = at < bytes.count && bytes[at] == UInt8(ascii: "/")
        if isEnd { at += 1 }
        let nameStart = at
        while at < bytes.count, isNameByte(bytes[at]) { at += 1 }
        guard at > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<at], as: UTF8.self)
        var attributes: [Attribute] = []
        while at < bytes.count {
            let blankStart = at
            while at < bytes.count, isBlank(bytes[at]) { at += 1 }
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: ">") {
                return Tag(kind: isEnd ? .end : .start, name: name, range: open..<(at + 1), attributes: attributes)
            }
            if bytes[at] == UInt8(ascii: "/"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: ">") {
                return isEnd ? nil : Tag(kind: .empty, name: name, range: open..<(at + 2), attributes: attributes)
            }
            let attributeStart = at
            while at < bytes.count, isNameByte(bytes[at]) { at += 1 }
            guard at > attributeStart, at > blankStart else { return nil }
            let attributeName = String(decoding: bytes[attributeStart..<at], as: UTF8.self)
            while at < bytes.count, isBlank(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { return nil }
            at += 1
            while at < bytes.count, isBlank(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[at]
            guard let close = bytes[(at + 1)...].firstIndex(of: quote) else { return nil }
            attributes.append(Attribute(name: attributeName, whole: blankStart..<(close + 1), value: (at + 1)..<close))
            at = close + 1
        }
        return nil
    }
}
