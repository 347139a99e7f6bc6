// The Example app: a small mail app's routing, built with Switchyard.
//
// Start reading at Routes/MailRouter.swift. Run `swift run Example help` for the commands.
await CommandLineInterface.main()
