@testable import Switchyard

/// Records which stages ran, so a test can prove that nothing of a route ran.
actor SecurityLog {
    private(set) var entries: [String] = []

    func record(_ entry: String) {
        entries.append(entry)
    }
}
