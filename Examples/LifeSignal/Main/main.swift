// LifeSignal: check in before a deadline, from the terminal.
//
//   swift run LifeSignal                                  SQLite in ~/.local/share/LifeSignal
//   swift run LifeSignal --data-dir /tmp/ls --network none
//   swift run LifeSignal --functions-url http://127.0.0.1:8080 --token secret
//
// Type `help` for the commands. The action log goes to standard error (or `--log FILE`).
import LifeSignalApp

await LifeSignalApp.run()
