import Testing

@testable import SwitchyardControllers
