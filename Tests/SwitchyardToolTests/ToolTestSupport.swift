import SwitchyardTool

/// The route table, tool and file both `switchyard-cli` suites run the commands on.
enum ToolFixtures {
    static let appID = "ABCDE12345.com.example.mail"

    /// Two public routes; two private routes that links to mail.example.com reach; a private
    /// route for the app's scheme only, and one for the team subdomains only, which they do not.
    static let router: Router = {
        do {
            return try Router(
                routes: [
                    Route("/inbox", name: "inbox", isPublic: true) { Response(request: $0) },
                    Route("/messages/:id(int)", name: "message", isPublic: true) { Response(request: $0) },
                    Route("/admin", isPublic: false) { Response(request: $0) },
                    Route("/drafts/:id(int)", name: "draft") { Response(request: $0) },
                    Route("/compose", name: "compose", schemes: ["mailapp"]) { Response(request: $0) },
                    Route("/billing", name: "billing", hosts: ["*.teams.example.com"]) {
                        Response(request: $0)
                    },
                ],
                configuration: .init(
                    schemes: ["mailapp"], hosts: ["mail.example.com", "*.teams.example.com"]))
        } catch {
            fatalError("the test table is valid: \(error)")
        }
    }()
    static let tool = SwitchyardTool(router: router, appIDs: [appID], host: "mail.example.com")

    /// One file, two entries: the mail app's leaves `/messages` out, another app's opens everything.
    static let twoApps = """
        {"applinks": {"details": [
          {"appIDs": ["\(appID)"], "components": [
            {"/": "/private/*", "exclude": true, "comment": "staff pages"}, {"/": "/inbox", "comment": "inbox"}]},
          {"appIDs": ["ZYXWV98765.com.example.other"], "components": [{"/": "/*", "comment": "everything"}]}]}}
        """
}
