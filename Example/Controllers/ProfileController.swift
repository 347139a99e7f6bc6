import Switchyard

/// Public profiles.
enum ProfileController {
    /// Shows the profile named by `:username`.
    static let show: Controller = { request in
        let username = try request.params.require("username", as: String.self)
        guard let profile = Mailbox.profile(username) else {
            throw RoutingError(.notFound, "there is no user \(username)")
        }
        return Response(request, showing: .profile(profile))
    }
}
