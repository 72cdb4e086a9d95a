import ArgumentParser
import Gallery

/// `--sort`: the order of a local library's photos.
enum SortOption: String, ExpressibleByArgument, CaseIterable {
    case name, date, taken, size

    var order: PhotoOrder {
        switch self {
        case .name: .name
        case .date: .date
        case .taken: .taken
        case .size: .size
        }
    }
}
