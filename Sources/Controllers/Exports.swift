@_exported import Switchyard
