import Switchyard

extension Tour {
    /// One link to send.
    struct Step: Sendable {
        /// How a step reaches the router.
        enum Kind: Sendable, Equatable {
            /// `send`: the answer `send` returns.
            case send
            /// `sendAll`: every answer of the chain.
            case sendAll
            /// `sendStack`: the navigation stack the link opens, root first, its own answer last.
            case sendStack
            /// The user signs in on the sign-in screen the previous row showed (``SignInScreen``):
            /// the app's own sign-in route, then the link sign-in interrupted, resumed with its
            /// own source.
            case signIn(account: String)
        }

        let source: Source
        let url: String
        /// What the row demonstrates, appended to the result: one note per answer for a step that
        /// sends with `sendAll` or `sendStack` (the last note serves any further answers).
        let notes: [String]
        /// A shorter spelling for the table, for URLs too long to print.
        let display: String?
        let kind: Kind

        init(_ source: Source, _ url: String, _ note: String, display: String? = nil) {
            self.init(source: source, url: url, notes: [note], display: display, kind: .send)
        }

        private init(source: Source, url: String, notes: [String], display: String?, kind: Kind) {
            self.source = source
            self.url = url
            self.notes = notes
            self.display = display
            self.kind = kind
        }

        /// A step sent with `sendAll`, with a note for each answer it should get.
        static func sendingAll(_ source: Source, _ url: String, _ notes: [String]) -> Step {
            Step(source: source, url: url, notes: notes, display: nil, kind: .sendAll)
        }

        /// A step sent with `sendStack`, with a note for each level of the stack it should open,
        /// root first.
        static func sendingStack(_ source: Source, _ url: String, _ notes: [String]) -> Step {
            Step(source: source, url: url, notes: notes, display: nil, kind: .sendStack)
        }

        /// The user signs in as `account` on the previous row's sign-in screen.
        static func signingIn(as account: String, _ note: String) -> Step {
            Step(
                source: .app, url: "mailapp://sign-in/complete?account=\(account)", notes: [note],
                display: "sign in as \(account), then resume", kind: .signIn(account: account))
        }
    }
}
