import Switchyard

/// Folders and the messages in them (``FolderRoutes``).
enum FolderController {
    /// Lists the messages of the folder named by `:folder`.
    static let show: Controller = { request in
        let folder = try folder(of: request)
        return Response(request, showing: .folder(folder.name, messages: Mailbox.messages(in: folder)))
    }

    /// Shows a message of the folder, read as a ``MessageLink`` like the inbox's message links.
    /// A message filed elsewhere answers 404: the link names the wrong folder.
    static let message: Controller = { request in
        let folder = try folder(of: request)
        let link = try request.decode(MessageLink.self)
        guard folder.messageIDs.contains(link.id), let message = Mailbox.message(link.id) else {
            throw RoutingError(.notFound, "there is no message \(link.id) in \(folder.name)")
        }
        return Response(
            request,
            showing: .message(message, scrolledTo: request.fragment, highlighting: link.highlight))
    }

    private static func folder(of request: Request) throws -> Folder {
        let name = try request.params.require("folder", as: String.self)
        guard let folder = Mailbox.folder(name) else {
            throw RoutingError(.notFound, "there is no folder \(name)")
        }
        return folder
    }
}
