import Switchyard

/// Team spaces, on each company's subdomain: `https://acme.mail.example.com/team/acme`.
///
/// `hosts:` scopes the route to web links on those subdomains, so `mailapp://team/acme` does not
/// reach it, nor does `https://mail.example.com/team/acme` (a wildcard names subdomains only).
/// The app itself still opens it with the bare path `/team/acme`, which is also where the sign-in
/// policy's `next` leads after a signed-out user follows a team link.
enum TeamRoutes {
    static let all: [Route] = [
        Route(
            "/team/:team(alnum)", name: "team", isPublic: true, hosts: ["*.mail.example.com"],
            controller: TeamController.show)
    ]
}
