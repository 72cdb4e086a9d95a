import FuzzTargets
import Testing

/// The XMP target on sidecars of the shapes its seeds have and on a few that are odd: an element
/// never closed, a prefix bound twice, properties in both forms.
@Suite struct XMPFuzzTargetTests {
    static let rdf = "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
    static let inputs: [String] = [
        rdf + "<rdf:Description xmlns:xmp='http://ns.adobe.com/xap/1.0/' xmp:Rating='3'/></rdf:RDF></x:xmpmeta>",
        rdf + "<xmp:Rating xmlns:xmp='http://ns.adobe.com/xap/1.0/'>5<rdf:Description rdf:about=''/></rdf:RDF></x:xmpmeta>",
        rdf + "<rdf:Description xmlns:xmp='http://ns.adobe.com/xap/1.0/'><xmp:Rating>2</xmp:Rating>"
            + "<xmp:Label>Green</xmp:Label></rdf:Description><rdf:Description xmlns:xmp='urn:other'"
            + " xmp:Label='Red'/></rdf:RDF></x:xmpmeta>",
        rdf + "<rdf:Description xmlns:darktable='http://darktable.sf.net/'><darktable:colorlabels/>"
            + "</rdf:Description></rdf:RDF></x:xmpmeta>",
        "<r:RDF xmlns:r='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><!-- <r:Description/> --></r:RDF>",
    ]

    @Test(arguments: inputs)
    func setsAndReadsBackTheSame(_ input: String) throws {
        try FuzzTarget.xmp.run(Array(input.utf8))
    }
}
