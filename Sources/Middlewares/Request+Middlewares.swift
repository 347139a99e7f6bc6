import Switchyard

extension Request {
    /// The App Links data ``AppLinks/parser`` read from `al_applink_data`, if any.
    ///
    /// ```swift
    /// let backName = request.appLink?.referer?.appName
    /// ```
    public var appLink: AppLink? { data[AppLink.dataKey] as? AppLink }

    /// Why ``AppLinks/parser`` could not read `al_applink_data`, when it was present but malformed.
    public var appLinkError: AppLinkError? { data[AppLinkError.dataKey] as? AppLinkError }

    /// The query without tracking items, recorded by ``TrackingParameters/stripper(extra:)``;
    /// `nil` when that middleware did not run.
    ///
    /// ```swift
    /// let query = request.cleanQuery ?? request.query
    /// ```
    public var cleanQuery: Query? { data[TrackingParameters.cleanQueryKey] as? Query }

    /// The tracking items ``TrackingParameters/stripper(extra:)`` removed, in order; `nil` when
    /// that middleware did not run. Hand them to analytics, keep them out of app logic.
    public var trackingQuery: Query? { data[TrackingParameters.trackingQueryKey] as? Query }
}
