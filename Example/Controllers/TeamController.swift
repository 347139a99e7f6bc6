import Switchyard

/// Team spaces, reached by links on a company's subdomain (see ``TeamRoutes``).
enum TeamController {
    /// Shows the team named by `:team`. The route's `hosts:` already decided which links get
    /// here, so the controller does not look at the host.
    static let show: Controller = { request in
        let slug = try request.params.require("team", as: String.self)
        guard let team = Mailbox.team(slug) else { throw RoutingError(.notFound, "there is no team \(slug)") }
        return Response(request, showing: .team(team))
    }
}
