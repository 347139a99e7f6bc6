import Switchyard

// The routes and controllers of Sources/Routing/Switchyard.docc/GettingStarted.md, sections
// "Define routes in Routes files" and "Write controllers". The article's code is this code.

enum MessageRoutes {
    static let all: [Route] = [
        Route("/messages", name: "messages", isPublic: true, controller: MessageController.index),
        Route(
            "/messages/:message_id(int)", name: "message", isPublic: true,
            controller: MessageController.show),
        Route("/drafts/:draft_id(int)", name: "draft", controller: DraftController.show),  // private
    ]
}

enum MessageController {
    static let index: Controller = { request in
        Response(request: request, data: ["screen": "messages"])
    }

    static let show: Controller = { request in
        let id = try request.params.require("message_id", as: Int.self)
        return Response(request: request, data: ["screen": "message", "id": id])
    }
}

enum DraftController {
    static let show: Controller = { request in
        let presenter = request.data["presenter"] as? String ?? "push"
        return Response(request: request, data: ["screen": "draft", "presenter": presenter])
    }
}

enum SettingsRoutes {
    static let all: [Route] = Route.group(
        "/settings", isPublic: false,
        [
            Route("/", name: "index") { request in Response(request: request) },
            Route("/notifications", name: "notifications") { request in Response(request: request) },
        ])
}

// Section "Links to your websites".
enum HelpRoutes {
    static let all: [Route] = Route.group(
        "", hosts: ["help.example.com"],
        [
            Route("/articles/:slug", name: "article", isPublic: true) { request in
                Response(request: request, data: ["screen": "article"])
            }
        ])
}
