import Switchyard

/// Folders, and the messages filed in them: `mailapp://folders/work` lists a folder, and
/// `mailapp://folders/work/messages/8` opens a message with its folder beneath it.
///
/// `parent: "folder"` is what puts the folder beneath: ``Switchyard/Connection/sendStack(_:data:router:trusted:)``
/// sends the link, then builds the folder's URL from the link's own `:folder` (the parent's
/// parameters must all be the child's, or `Router.init` throws) and sends it too, so the app
/// opens the message with a back button to its folder. A plain `send` opens the message alone.
///
/// Both are public, like the inbox: mail notifications and the web link to them.
enum FolderRoutes {
    static let all: [Route] = [
        Route("/folders/:folder", name: "folder", isPublic: true, controller: FolderController.show),
        Route(
            "/folders/:folder/messages/:message_id(int)", name: "folderMessage", isPublic: true,
            parent: "folder", controller: FolderController.message),
    ]
}
