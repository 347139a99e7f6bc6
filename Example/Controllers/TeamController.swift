import Switchyard

/// Team spaces, reached by links on a company's subdomain (see ``TeamRoutes``).
enum TeamController {
    /// Shows the team named by `team`, for both team routes: `/team/:team(alnum)` reads it from
    /// the path, the team home from the host (`:team(alnum).mail.example.com`). Host parameters
    /// join `request.params` like path parameters, so the controller never parses the host, and
    /// the routes' `hosts:` already decided which links get here.
    static let show: Controller = { request in
        let slug = try request.params.require("team", as: String.self)
        guard let team = Mailbox.team(slug) else { throw RoutingError(.notFound, "there is no team \(slug)") }
        return Response(request, showing: .team(team))
    }
}
