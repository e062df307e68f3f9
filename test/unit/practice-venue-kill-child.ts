// Child process for practice-venue-kill.test.ts: the embedded sandbox with its state file, as the
// app runs it, until the parent kills it with SIGKILL. Prints "ready <baseUrl>" once listening.
import { startSandbox } from '../../electron/sandbox';

const [stateFile] = process.argv.slice(2);
const running = await startSandbox({ stateFile, port: 0, log: (line) => process.stderr.write(`${line}\n`) });
process.stdout.write(`ready ${running.baseUrl}\n`);
setInterval(() => {}, 60_000);
