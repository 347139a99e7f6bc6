import Foundation
import Testing

@testable import Switchyard

/// The Example's deployed file (`Example/well-known/apple-app-site-association`, kept current by
/// the Example's tests) read by the independent matcher: the mail app's public web links open
/// the app, its private and unknown paths do not.
struct ExampleFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let file = root.appendingPathComponent("Example/well-known/apple-app-site-association")

    static let opened = [
        "https://mail.example.com/", "https://mail.example.com/inbox", "https://mail.example.com/inbox/",
        "https://mail.example.com/messages/7", "https://mail.example.com/messages/7#attachments",
        "https://mail.example.com/msg/7", "https://mail.example.com/profiles/ada",
        "https://mail.example.com/u/grace",
        "https://mail.example.com/compose?to=grace", "https://mail.example.com/sign-in?next=%2Finbox",
        "https://mail.example.com/promo/spring", "https://mail.example.com/messages/7.eml",
    ]
    static let notOpened = [
        "https://mail.example.com/drafts", "https://mail.example.com/settings/notifications",
        "https://mail.example.com/sign-in/complete", "https://mail.example.com/team/acme",
        "https://mail.example.com/no/such/page", "https://mail.example.com/messages",
    ]

    @Test("public web links open the app", arguments: opened)
    func opens(url: String) throws {
        let json = try Data(contentsOf: Self.file)
        #expect(try #require(AppleDocumentedMatcher(json: json)).opens(url))
        #expect(try JSONDecoder().decode(AppSiteAssociation.self, from: json).matches(url))
    }

    @Test("private, other-host and unknown paths stay in the browser", arguments: notOpened)
    func staysInBrowser(url: String) throws {
        let json = try Data(contentsOf: Self.file)
        #expect(try #require(AppleDocumentedMatcher(json: json)).opens(url) == false)
        #expect(try JSONDecoder().decode(AppSiteAssociation.self, from: json).matches(url) == false)
    }
}
