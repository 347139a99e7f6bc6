import Switchyard

/// Team spaces, on each company's subdomain: `https://acme.mail.example.com/` and
/// `https://acme.mail.example.com/team/acme`.
///
/// `hosts:` scopes both routes to web links on those subdomains, so `mailapp://team/acme` does not
/// reach them, nor does `https://mail.example.com/team/acme` (a wildcard names subdomains only).
/// The app itself still opens the team space with the bare path `/team/acme`, which is also where
/// the sign-in policy's `next` leads after a signed-out user follows a team link.
///
/// The team home takes its team from the host: `:team(alnum).mail.example.com` is four labels,
/// the first a parameter, so `acme.mail.example.com` gives `team` the value `acme`, while
/// `mail.example.com` (three labels), `eu.acme.mail.example.com` (five) and
/// `a-b.mail.example.com` (not `alnum`) leave it to the home route, which redirects to the inbox.
/// A host with a parameter names a link more specifically than no host at all, so on a company's
/// subdomain the team home wins over the home route of the same path; a bare `/` sent in-app names
/// no host and stays with the home route, registered first.
enum TeamRoutes {
    static let all: [Route] = [
        Route(
            "/team/:team(alnum)", name: "team", isPublic: true, hosts: ["*.mail.example.com"],
            controller: TeamController.show),
        Route(
            "/", name: "teamHome", isPublic: true, hosts: [":team(alnum).mail.example.com"],
            controller: TeamController.show),
    ]
}
