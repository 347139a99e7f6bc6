/// A route a walk reached: the terminal it ended at, and what it captured on the way.
///
/// A struct rather than a tuple: an array of tuples holding a `CaptureList` copies each element
/// through the runtime's generic tuple witnesses.
struct Candidate {
    let terminal: Int
    let captures: CaptureList
}
