import Switchyard

/// Promotion links, printed in newsletters: `mailapp://promo/spring`.
enum PromoController {
    /// The data key under which the campaign travels to the inbox; read it with
    /// ``Switchyard/Request/campaign``.
    static let dataKey = "campaign"

    /// Redirects to the inbox, carrying the campaign as **data** rather than as a query item.
    ///
    /// The router follows the redirect with the link's own source and merges the data into the
    /// next request. Data never appears in a URL, so another app cannot forge a campaign by
    /// opening `mailapp://inbox?campaign=free`: the inbox reads only the data.
    static let open: Controller = { request in
        let campaign = try request.params.require("campaign", as: String.self)
        return .redirect(request, to: "/inbox", data: [dataKey: campaign])
    }
}

extension Request {
    /// The campaign a promotion link redirected with, if this request came from one.
    var campaign: String? { data[PromoController.dataKey] as? String }
}
