public import Observation

/// The detail pane's view model: one photo's large image and its facts.
@MainActor
public protocol PhotoDetailViewModelProtocol: AnyObject, Observable {
    // MARK: Outputs
    var photo: LibraryItem { get }
    /// The description, else the alt description, else "Untitled".
    var title: String { get }
    /// "by NAME (@username)", or "by NAME" when there is no username.
    var author: String? { get }
    /// "W × H" in pixels.
    var dimensions: String { get }
    /// "N likes"; nil where photos have no likes (a local file).
    var likes: String? { get }
    /// "Photo by NAME on Unsplash", the attribution the Unsplash guidelines ask for; "" for a local file.
    var attribution: String { get }
    /// The photo's web page, tagged as a referral from this app; "" when it has none.
    var link: String { get }
    /// The large image; nil until an image area is set.
    var image: ThumbnailState? { get }
    /// The full photo record is being fetched.
    var isLoading: Bool { get }
    /// Why fetching the full record failed.
    var errorMessage: String? { get }
    /// The source's extra facts (statistics, file size and time), once fetched; empty if it has none.
    var extraDetails: [String] { get }

    var coordinator: (any PhotoDetailViewModelCoordinating)? { get set }

    // MARK: Inputs
    /// The pane appeared: fetch the full record, once.
    func viewDidLoad()
    /// The cell area for the image is known or changed: (re)load the image fitted into it.
    func setImageArea(columns: Int, rows: Int)
    /// The user left the pane.
    func close()
}
