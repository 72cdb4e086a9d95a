import Foundation
import Imaging
import OperatingSystem
import TestSupport
import Testing
@testable import Gallery

/// Ratings, flags and colour labels in XMP sidecars, as darktable, digiKam and Lightroom keep
/// them: read from what those tools (and exiftool) wrote, written with every other field kept.
@Suite("XMP sidecars")
struct XMPSidecarTests {
    /// A sidecar as darktable writes one: properties as attributes, its colour labels and history
    /// as elements.
    static let darktable = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
            xmlns:darktable="http://darktable.sf.net/"
            xmp:Rating="2"
            xmpMM:DerivedFrom="IMG_1.CR2"
            darktable:xmp_version="5"
            darktable:history_end="1">
           <darktable:colorlabels>
            <rdf:Seq>
             <rdf:li>2</rdf:li>
            </rdf:Seq>
           </darktable:colorlabels>
           <darktable:history>
            <rdf:Seq>
             <rdf:li darktable:operation="exposure" darktable:params="0000803f"/>
            </rdf:Seq>
           </darktable:history>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>

        """

    /// As exiftool writes: one description per namespace, properties as elements.
    static let exiftoolStyle = """
        <?xpacket begin='\u{FEFF}' id='W5M0MpCehiHzreSzNTczkc9d'?>
        <x:xmpmeta xmlns:x='adobe:ns:meta/' x:xmptk='Image::ExifTool 12.57'>
        <rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>

         <rdf:Description rdf:about=''
          xmlns:dc='http://purl.org/dc/elements/1.1/'>
          <dc:subject>
           <rdf:Bag>
            <rdf:li>keep</rdf:li>
           </rdf:Bag>
          </dc:subject>
         </rdf:Description>

         <rdf:Description rdf:about=''
          xmlns:xmp='http://ns.adobe.com/xap/1.0/'>
          <xmp:Label>Purple</xmp:Label>
          <xmp:Rating>3</xmp:Rating>
         </rdf:Description>

         <rdf:Description rdf:about=''
          xmlns:digiKam='http://www.digikam.org/ns/1.0/'>
          <digiKam:PickLabel>3</digiKam:PickLabel>
         </rdf:Description>
        </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end='w'?>
        """

    @Test func readsAttributesAndElementsAsTheManagersWriteThem() throws {
        #expect(try XMPPacket(Array(Self.darktable.utf8)).labels == PhotoLabels(rating: 2, colour: .green),
                "darktable's own list of labels (2 is green)")
        #expect(try XMPPacket(Array(Self.exiftoolStyle.utf8)).labels == PhotoLabels(rating: 3, flag: .picked, colour: .purple))
        let rejected = Self.darktable.replacingOccurrences(of: "xmp:Rating=\"2\"", with: "xmp:Rating=\"-1\"")
        #expect(try XMPPacket(Array(rejected.utf8)).labels.flag == .rejected, "-1 is darktable's and Lightroom's reject")
        #expect(try XMPPacket(nil).labels == .none)
        #expect(throws: XMPPacket.Problem.notXMP) { try XMPPacket(Array("<html><body/></html>".utf8)) }
        #expect(throws: XMPPacket.Problem.notText) { try XMPPacket([0x3C, 0xFF, 0xFE, 0x3E]) }
    }

    @Test func settingTheLabelsChangesOnlyTheirPropertiesAndSettingThemBackGivesTheSameBytes() throws {
        for original in [Self.darktable, Self.exiftoolStyle] {
            var packet = try XMPPacket(Array(original.utf8))
            let before = packet.labels
            packet.set(PhotoLabels(rating: 5, flag: .rejected, colour: .blue))
            let changed = String(decoding: packet.bytes, as: UTF8.self)
            #expect(packet.labels == PhotoLabels(rating: 0, flag: .rejected, colour: .blue))
            for kept in ["darktable:operation=\"exposure\"", "<rdf:li>keep</rdf:li>", "xmpMM:DerivedFrom"] where original.contains(kept) {
                #expect(changed.contains(kept))
            }
            packet.set(PhotoLabels(rating: 4))
            #expect(packet.labels == PhotoLabels(rating: 4))
            packet.set(before)
            #expect(packet.labels == before)
            if original == Self.darktable {
                // Its colour labels came out and went back in as one line; everything else is byte for byte.
                #expect(String(decoding: packet.bytes, as: UTF8.self).contains("<rdf:li darktable:operation=\"exposure\" darktable:params=\"0000803f\"/>"))
            } else {
                #expect(String(decoding: packet.bytes, as: UTF8.self).contains("<xmp:Rating>3</xmp:Rating>"))
            }
        }
    }

    @Test func whatGalleryDoesNotModelIsLeftAlone() throws {
        // digiKam's "pending" pick and its orange label have no key here: rating the photo keeps them.
        let digiKam = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:digiKam="http://www.digikam.org/ns/1.0/"
                digiKam:PickLabel="2"
                digiKam:ColorLabel="2"/>
             </rdf:RDF>
            </x:xmpmeta>
            """
        var packet = try XMPPacket(Array(digiKam.utf8))
        #expect(packet.labels == .none)
        packet.set(PhotoLabels(rating: 3))
        let text = String(decoding: packet.bytes, as: UTF8.self)
        #expect(text.contains("digiKam:PickLabel=\"2\"") && text.contains("digiKam:ColorLabel=\"2\"") && text.contains("xmp:Rating=\"3\""))
        packet.set(.none)
        #expect(String(decoding: packet.bytes, as: UTF8.self).contains("digiKam:PickLabel=\"2\""))
    }

    /// A description inside a property's value is a structure, not the photo: its rating is not
    /// the photo's, and setting the photo's colour, whose darktable element holds it, keeps the
    /// rating set (found by the xmp fuzz target: Fuzz/Regressions/xmp/a-description-inside-a-property-value).
    @Test func aDescriptionInsideAPropertysValueIsNotThePhotos() throws {
        let nested = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                  xmlns:darktable="http://darktable.sf.net/">
               <darktable:colorlabels><rdf:Seq><rdf:li>
                <rdf:Description xmp:Rating="4"/>
               </rdf:li></rdf:Seq></darktable:colorlabels>
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            """
        var packet = try XMPPacket(Array(nested.utf8))
        #expect(packet.labels.rating == 0)
        let wanted = PhotoLabels(rating: 4, flag: .picked, colour: .red)
        packet.set(wanted)
        #expect(packet.labels == wanted, "\(String(decoding: packet.bytes, as: UTF8.self))")
    }

    static let noExiftool: Comment = "exiftool is not installed (Debian: libimage-exiftool-perl)"

    @Test(.enabled(if: isOnPath("exiftool"), noExiftool))
    func aNewSidecarIsReadByExiftool() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let photo = try Self.writePhoto(in: folder, named: "IMG_1.jpg")
        let written = try XMPSidecar.write(PhotoLabels(rating: 4, flag: .picked, colour: .red), for: photo, companions: [])
        #expect(written == FilePath(folder.path + "/IMG_1.jpg.xmp"))
        let run = try runProgram(["exiftool", "-s", "-s", "-XMP:Rating", "-XMP:Label", "-XMP-digiKam:PickLabel", written.description])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Rating: 4\nLabel: Red\nPickLabel: 3\n")
    }

    @Test(.enabled(if: isOnPath("exiftool"), noExiftool))
    func aSidecarExiftoolMadeIsReadThenChangedWithItsOtherFieldsKept() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let photo = try Self.writePhoto(in: folder, named: "IMG_2.jpg")
        let bytes = try File.read(photo, maxBytes: 1 << 20)
        let made = try runProgram(["exiftool", "-q", "-o", folder.path + "/IMG_2.xmp", "-XMP:Rating=3", "-XMP-dc:Subject=keep",
                                   "-XMP-dc:Subject=these words", "-XMP-dc:Title=A title", "-XMP:Label=Green", photo.description])
        try #require(made.status == 0, "\(made.stderr)")
        let before = try Self.fields(of: folder.path + "/IMG_2.xmp")

        let source = try DirectorySource(path: FilePath(folder.path))
        let page = try await source.page(of: .all, page: 1, perPage: 30)
        #expect(page.total == 1 && page.skipped == 0, "the sidecar is its photo's, not a file left out")
        let item = try #require(page.photos.first)
        #expect(item.labels == PhotoLabels(rating: 3, colour: .green))
        #expect(item.companions == [Companion(path: FilePath(folder.path + "/IMG_2.xmp"), role: .sidecar)])

        let labelled = try source.labelled(item, PhotoLabels(rating: 5, flag: .picked, colour: .yellow))
        #expect(folder.contents() == ["IMG_2.jpg", "IMG_2.xmp"], "the manager's sidecar is changed in place, no other made")
        #expect(try File.read(photo, maxBytes: 1 << 20) == bytes, "the photo file is never written")
        var after = try Self.fields(of: folder.path + "/IMG_2.xmp")
        #expect(after["Rating"] == "5" && after["Label"] == "Yellow" && after["PickLabel"] == "3")
        for name in ["Rating", "Label", "PickLabel"] { after[name] = before[name] }
        #expect(after == before, "every other field as it was")
        #expect(after["Subject"] != nil && after["Title"] == "A title")
        #expect(labelled.labels.rating == 5)
        // Listed again from the disk, the labels are back.
        let relisted = try await DirectorySource(path: FilePath(folder.path)).page(of: .all, page: 1, perPage: 30)
        #expect(relisted.photos.first?.labels == PhotoLabels(rating: 5, flag: .picked, colour: .yellow))
    }

    @Test func minRatingAndPickedFilterTheListing() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var photos: [FilePath] = []
        for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] { photos.append(try Self.writePhoto(in: folder, named: name)) }
        _ = try XMPSidecar.write(PhotoLabels(rating: 4), for: photos[0], companions: [])
        _ = try XMPSidecar.write(PhotoLabels(rating: 5, flag: .picked), for: photos[1], companions: [])
        _ = try XMPSidecar.write(PhotoLabels(rating: 2, flag: .picked), for: photos[2], companions: [])
        func titles(_ filter: LabelFilter) async throws -> [String] {
            try await DirectorySource(path: FilePath(folder.path), labelFilter: filter).page(of: .all, page: 1, perPage: 30)
                .photos.map(\.title)
        }
        #expect(try await titles(.all) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        #expect(try await titles(LabelFilter(minimumRating: 4)) == ["a.jpg", "b.jpg"])
        #expect(try await titles(LabelFilter(pickedOnly: true)) == ["b.jpg", "c.jpg"])
        #expect(try await titles(LabelFilter(minimumRating: 3, pickedOnly: true)) == ["b.jpg"])
        let searched = try DirectorySource(path: FilePath(folder.path))
        for (query, expected) in [("rating>=4", ["a.jpg", "b.jpg"]), ("★5", ["b.jpg"]), ("picked", ["b.jpg", "c.jpg"]),
                                  ("picked rating:3", ["b.jpg"]), ("c.jp", ["c.jpg"])] {
            #expect(try await searched.page(of: .search(query), page: 1, perPage: 30).photos.map(\.title) == expected, "/ \(query)")
        }
        #expect(LabelFilter(query: "rating>=9") == nil && LabelFilter(query: "holiday") == nil)
        let given = try DirectorySource(paths: photos, labelFilter: LabelFilter(minimumRating: 4))
        #expect(try await given.page(of: .all, page: 1, perPage: 30).photos.map(\.title).map { $0.split(separator: "/").last.map(String.init) }
                == ["a.jpg", "b.jpg"], "photos given one by one find their sidecars too")
    }

    @Test func aSidecarThatIsNotXMPIsNeverWrittenOver() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let photo = try Self.writePhoto(in: folder, named: "p.jpg")
        try folder.write(Array("notes, not XMP".utf8), to: "p.xmp")
        #expect(throws: XMPSidecar.WriteError.self) {
            try XMPSidecar.write(PhotoLabels(rating: 1), for: photo, companions: [Companion(path: FilePath(folder.path + "/p.xmp"), role: .sidecar)])
        }
        #expect(folder.read("p.xmp") == Array("notes, not XMP".utf8))
        #expect(folder.contents() == ["p.jpg", "p.xmp"])
    }

    @Test func aSidecarTakesTheNewNameOfItsPhoto() {
        let darktable = Companion(path: "/roll/IMG_1.JPG.xmp", role: .sidecar)
        let manager = Companion(path: "/roll/IMG_1.xmp", role: .sidecar)
        let raws = Companion(path: "/roll/IMG_1.CR2.xmp", role: .sidecar)
        #expect(darktable.renamed(withMainFileNamed: "Beach.JPG", from: "IMG_1.JPG").path == "/roll/Beach.JPG.xmp")
        #expect(manager.renamed(withMainFileNamed: "Beach.JPG", from: "IMG_1.JPG").path == "/roll/Beach.xmp")
        #expect(raws.renamed(withMainFileNamed: "Beach.JPG", from: "IMG_1.JPG").path == "/roll/Beach.CR2.xmp")
    }

    static func writePhoto(in folder: TemporaryDirectory, named name: String) throws -> FilePath {
        try folder.write(try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30))), to: name)
        return FilePath(folder.path + "/" + name)
    }

    /// exiftool's fields of a sidecar, by name (`-s`), lists joined.
    static func fields(of path: String) throws -> [String: String] {
        let run = try runProgram(["exiftool", "-s", "-XMP:all", path])
        try #require(run.status == 0, "\(run.stderr)")
        return Dictionary(run.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].trimmingCharacters(in: .whitespaces), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { a, _ in a })
    }
}
