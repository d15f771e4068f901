// LifeSignal: check in before a deadline, from the terminal.
//
//   swift run --package-path Examples LifeSignal            SQLite in ~/.local/share/LifeSignal
//   swift run --package-path Examples LifeSignal --data-dir /tmp/ls --network none --log -
//   swift run --package-path Examples LifeSignal --functions-url http://127.0.0.1:8080 --token secret
//
// Type `help` for the commands. The action log goes to lifesignal.log in the data directory
// (`--log -` for standard error, `--log FILE` for a file of your choice).
import LifeSignalApp

await LifeSignalApp.run()
