import Switchyard

/// Promotion links from newsletters and ads: `mailapp://promo/spring` opens the inbox with the
/// spring campaign's banner (``PromoController``).
///
/// Public, since they come from outside, and behind the router-wide sign-in policy like the
/// inbox they lead to. The campaign reaches the inbox as redirect data, so it works from any
/// app without giving the inbox a query item that any app could set.
enum PromoRoutes {
    static let all: [Route] = [
        Route("/promo/:campaign(alnum)", name: "promo", isPublic: true, controller: PromoController.open)
    ]
}
