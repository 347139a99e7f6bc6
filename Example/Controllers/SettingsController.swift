import Switchyard

/// Settings screens. Private routes: no link from outside can change settings.
enum SettingsController {
    /// A controller for one settings section.
    static func section(_ name: String) -> Controller {
        { request in Response(request, showing: .settings(section: name)) }
    }
}
