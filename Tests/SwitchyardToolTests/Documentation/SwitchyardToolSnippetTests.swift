import Foundation
import SwitchyardTool
import Testing

/// The snippets of `Sources/Tool/SwitchyardTool.docc/SwitchyardTool.md` and of
/// `SwitchyardTool`'s doc comment, compiled and run.
struct SwitchyardToolSnippetTests {
    /// Stands for the user's routes library.
    enum AppRoutes {
        static func router() throws -> Router {
            try Router(
                routes: [
                    Route("/messages/:id(int)", name: "message", isPublic: true) { Response(request: $0) }
                ],
                configuration: .init(hosts: ["mail.example.com"]))
        }
    }

    @Test("The RoutesTool main binds the tool to the routes")
    func routesToolMain() throws {
        let tool = SwitchyardTool(
            router: try AppRoutes.router(), appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
        let file = tool.run(["aasa"])
        #expect(file.status == 0)
        #expect(file.output.contains("\"/\" : \"/messages/?*\""))
        #expect(file.output.contains("ABCDE12345.com.example.mail"))
        let check = tool.run(["check-aasa", "-"], standardInput: { Data(file.output.utf8) })
        #expect(check.status == 0)
        // `tool.main()` prints and exits the process: compiled here, never called.
        let runForever = { () -> Never in
            tool.main()
        }
        _ = runForever
    }
}
