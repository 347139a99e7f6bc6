extension FuzzInput {
    /// A bare path of up to `maxSegments` segments drawn mostly from ``Vocabulary``, sometimes
    /// with a trailing `/`, a query or a fragment.
    mutating func path(maxSegments: Int = 7) -> String {
        var path = ""
        for _ in 0..<pick(maxSegments + 1) { path += "/" + segment(Vocabulary.segments) }
        if path.isEmpty { path = "/" }
        if pick(6) == 0 { path += "/" }
        if pick(6) == 0 { path += "?" + pick(["to=/admin", "to=/users/new", "x=1&x=2", "to=/deep/a/b"]) }
        if pick(8) == 0 { path += "#" + pick(["top", "/admin"]) }
        return path
    }

    /// A URL in one of the forms the router accepts, or a path it refuses.
    mutating func url() -> String {
        let prefix = pick([
            "", "", "", "mailapp:/", "MAILAPP:/", "https://mail.example.com", "HTTPS://Mail.Example.COM",
            "other:/", "https://evil.example", "javascript:/",
        ])
        return prefix + path()
    }
}
