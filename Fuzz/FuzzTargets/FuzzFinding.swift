/// A wrong result a fuzz target's own check caught (a crash needs no such help): the fuzzer
/// entry point turns it into a crash libFuzzer records, the regression tests into a failure.
public struct FuzzFinding: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) { self.description = description }
}

/// Throws a `FuzzFinding` saying `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    guard condition else { throw FuzzFinding(message()) }
}
