import Switchyard

/// Settings screens. Private routes: no link from outside can change settings.
enum SettingsController {
    /// A controller for one settings section.
    static func section(_ name: String) -> Controller {
        { request in Response(request, showing: .settings(section: name)) }
    }

    /// Settings → Forwarding: forwards incoming mail to the `to` item's address.
    static func forwarding(session: Session) -> Controller {
        { request in
            let address = try request.decode(ForwardingLink.self).to
            await session.forward(to: address)
            return Response(request, showing: .forwarding(to: address))
        }
    }

    /// Settings → Labs: turns the flag named by `:flag` on or off, as `?enabled=` says, both read
    /// as a ``LabsLink``. The route's constraints have checked both, so a bad link never reaches
    /// this controller.
    static func labs(session: Session) -> Controller {
        { request in
            let link = try request.decode(LabsLink.self)
            await session.set(link.flag, isOn: link.enabled)
            return Response(request, showing: .labs(link.flag, isOn: link.enabled))
        }
    }
}
