import Testing

@testable import Switchyard
