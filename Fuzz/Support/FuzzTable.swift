/// The fixed route table the matcher, reverse-routing and private-route targets share, written
/// twice: as patterns for the router and as hand-expanded shapes for ``ReferenceMatcher``, so
/// the reference does not reuse the router's pattern parser.
enum FuzzTable {
    /// One segment of an expanded shape.
    enum Spec: Equatable {
        case literal(String)
        case parameter(String, constraint: String?)
        case glob(String)
    }

    struct Entry {
        let pattern: String
        let name: String
        let isPublic: Bool
        let priority: Int
        /// Every expansion of the pattern's optional parts.
        let shapes: [[Spec]]
    }

    static let constraints: [String: Constraint] = ["kind": .oneOf(["news", "mail"])]

    private static func lit(_ value: String) -> Spec { .literal(value) }
    private static func param(_ name: String, _ constraint: String? = nil) -> Spec {
        .parameter(name, constraint: constraint)
    }

    static let entries: [Entry] = [
        Entry(
            pattern: "/users/new", name: "newUser", isPublic: true, priority: 0,
            shapes: [[lit("users"), lit("new")]]),
        Entry(
            pattern: "/users/:id(int)", name: "user", isPublic: true, priority: 0,
            shapes: [[lit("users"), param("id", "int")]]),
        Entry(
            pattern: "/users/:id/edit", name: "editUser", isPublic: false, priority: 0,
            shapes: [[lit("users"), param("id"), lit("edit")]]),
        Entry(
            pattern: "/users/:name(alpha)/profile", name: "profile", isPublic: true, priority: 0,
            shapes: [[lit("users"), param("name", "alpha"), lit("profile")]]),
        Entry(
            pattern: "/users/:slug(kind)/profile", name: "kindProfile", isPublic: true, priority: 5,
            shapes: [[lit("users"), param("slug", "kind"), lit("profile")]]),
        Entry(
            pattern: "/users/*rest", name: "userGlob", isPublic: true, priority: 0,
            shapes: [[lit("users"), .glob("rest")]]),
        Entry(
            pattern: "/files/*path", name: "files", isPublic: true, priority: 0,
            shapes: [[lit("files"), .glob("path")]]),
        Entry(
            pattern: "/files/:id(uuid)", name: "file", isPublic: false, priority: 0,
            shapes: [[lit("files"), param("id", "uuid")]]),
        Entry(
            pattern: "/photos(/:id(int))(/page/:page)", name: "photos", isPublic: true, priority: 0,
            shapes: [
                [lit("photos")], [lit("photos"), param("id", "int")],
                [lit("photos"), lit("page"), param("page")],
                [lit("photos"), param("id", "int"), lit("page"), param("page")],
            ]),
        Entry(
            pattern: "/feed(/page/:page(int)(/:size))", name: "feed", isPublic: true, priority: 0,
            shapes: [
                [lit("feed")], [lit("feed"), lit("page"), param("page", "int")],
                [lit("feed"), lit("page"), param("page", "int"), param("size")],
            ]),
        Entry(
            pattern: "/:section/:item(alnum)/x", name: "sectionItem", isPublic: true, priority: 2,
            shapes: [[param("section"), param("item", "alnum"), lit("x")]]),
        Entry(
            pattern: "/:section/new", name: "sectionNew", isPublic: true, priority: 0,
            shapes: [[param("section"), lit("new")]]),
        Entry(pattern: "/admin", name: "admin", isPublic: false, priority: 0, shapes: [[lit("admin")]]),
        Entry(
            pattern: "/admin/:panel", name: "adminPanel", isPublic: false, priority: 0,
            shapes: [[lit("admin"), param("panel")]]),
        Entry(
            pattern: "/:a/:b/:c/:d", name: "four", isPublic: true, priority: 0,
            shapes: [[param("a"), param("b"), param("c"), param("d")]]),
        Entry(
            pattern: "/:a(int)/:b(int)/:c(int)/end", name: "ints", isPublic: true, priority: 0,
            shapes: [[param("a", "int"), param("b", "int"), param("c", "int"), lit("end")]]),
        Entry(
            pattern: "/:a(alpha)/:b(int)/:c(int)/end", name: "alphaInts", isPublic: false, priority: 1,
            shapes: [[param("a", "alpha"), param("b", "int"), param("c", "int"), lit("end")]]),
        Entry(
            pattern: "/deep/*rest", name: "deep", isPublic: false, priority: 0,
            shapes: [[lit("deep"), .glob("rest")]]),
        Entry(pattern: "/go", name: "go", isPublic: true, priority: 0, shapes: [[lit("go")]]),
        // Static routes whose URLs are not plain paths (a leading dot, a space, non-ASCII): the
        // static table must leave them to the parser and the walk.
        Entry(pattern: "/a b", name: "spaced", isPublic: true, priority: 0, shapes: [[lit("a b")]]),
        Entry(
            pattern: "/.well-known", name: "wellKnown", isPublic: true, priority: 0,
            shapes: [[lit(".well-known")]]),
        Entry(
            pattern: "/caf\u{E9}", name: "cafe", isPublic: false, priority: 0, shapes: [[lit("caf\u{E9}")]]),
        Entry(pattern: "/", name: "root", isPublic: true, priority: 0, shapes: [[]]),
    ]

    /// Answers with the route's name, or redirects to the `to` query value on `/go`.
    static func controller(_ name: String) -> Controller {
        { request in
            if name == "go", let target = request.query["to"] { return .redirect(request, to: target) }
            return Response(request: request, data: ["route": name])
        }
    }

    /// The constraints a route names: only the route that uses `kind` may be given it.
    static func constraints(of entry: Entry) -> [String: Constraint] {
        entry.pattern.contains("(kind)") ? constraints : [:]
    }

    static func routes() -> [Route] {
        entries.map { entry in
            Route(
                entry.pattern, name: entry.name, isPublic: entry.isPublic,
                constraints: constraints(of: entry),
                priority: entry.priority, controller: controller(entry.name))
        }
    }
}
