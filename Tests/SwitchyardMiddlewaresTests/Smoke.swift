import Testing

@testable import SwitchyardMiddlewares
