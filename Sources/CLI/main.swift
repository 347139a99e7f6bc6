// `switchyard-cli`: the tool without a route table, so only `match` works here. Your package binds
// the tool to its routes in an executable target of its own; see `SwitchyardTool`.
import SwitchyardTool

SwitchyardTool().main()
