import Testing

@testable import SwitchyardPolicies
