import FlyingFox
import Foundation

/// Runs one request through the fault plan: the delay, an injected failure or the real answer,
/// then the spoiled body (malformed JSON, damaged JPEG) and the metered, possibly trickling, image
/// body whose written bytes `imageBytes` counts.
struct FaultInjector: Sendable {
    let plan: FaultPlan
    let imageBytes: ImageByteCounter

    /// Image bodies trickle in this many pieces.
    static let dripPieces = 16

    func respond(to kind: RequestKind, target: String, attempt: Int, photoID: String?,
                 answer: () throws -> HTTPResponse) async throws -> HTTPResponse {
        let delay = plan.delay(target: target, attempt: attempt)
        if delay > .zero { try await Task.sleep(for: delay) }
        if let failure = plan.failure(for: kind, target: target, attempt: attempt) { return failure.response }
        var response = try answer()
        guard response.statusCode == .ok else { return response }
        switch kind {
        case .page where plan.isMalformed(kind):
            let json = try await response.bodyData
            response.payload = .httpBody(HTTPBodySequence(data: json.prefix(json.count / 2)))
        case .image(let index):
            var jpeg = [UInt8](try await response.bodyData)
            if let damage = plan.damage(ofImage: index) { jpeg = damage.apply(to: jpeg, seed: plan.seed) }
            let counter = imageBytes, id = photoID ?? ""
            let count: @Sendable (Int) -> Void = { counter.add($0, photoID: id) }
            let body = plan.drips(image: index)
                ? MeteredBody(jpeg, pieces: Self.dripPieces, over: plan.faults.slowDrip, onWritten: count)
                : MeteredBody(jpeg, onWritten: count)
            response.payload = .httpBody(HTTPBodySequence(from: body, count: jpeg.count))
        case .page, .other:
            break
        }
        return response
    }
}
