import HearthCommands

await HearthCommand.execute()
