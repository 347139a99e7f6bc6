// The `private-routes` target's checks of `sendStack(fromPublicURL:)` (see PrivateRoutesFuzz.swift).

/// An external stack holds no private route's answer, only external requests and no error
/// details; its ancestors are 2xx answers of routes of the link's chain, root first; its last
/// level is `send`'s answer; a link not answered 2xx is a stack of one.
func checkStack(_ stack: [Response], _ response: Response, _ description: String) {
    guard let link = stack.last else { finding("sendStack returned no answer", description) }
    if link.status != response.status || link.request.route?.name != response.request.route?.name {
        finding("sendStack's last level is not send's answer", description)
    }
    for level in stack {
        if level.request.route?.isPublic == false {
            finding("an external stack holds a private route", description)
        }
        if !level.request.isExternal { finding("a level of an external stack lost its source", description) }
        if level.error != nil { finding("error details reached an external caller in a stack", description) }
    }
    let ancestors = stack.dropLast()
    if !link.status.isSuccess, !ancestors.isEmpty {
        finding("a link not answered 2xx got ancestors", description)
    }
    guard let route = link.request.route else { return }
    let chain = Array(accessRouter.ancestorNames(of: route).reversed())
    var position = 0
    for ancestor in ancestors {
        guard ancestor.status.isSuccess, let name = ancestor.request.route?.name,
            let found = chain[position...].firstIndex(of: name)
        else {
            finding(
                "ancestor \(ancestor.request.url) answered \(ancestor.status) by "
                    + "\(ancestor.request.route?.name ?? "no route"), not a route of \(chain) in order",
                description)
        }
        position = found + 1
    }
}
