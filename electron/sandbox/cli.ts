// `npm run sandbox -- --port 4010 --access-id ID --access-secret SECRET`
// Prints exactly one line on stdout ("sandbox ready at <baseUrl>") so scripts can wait for it and
// read the URL; everything else goes to stderr. Bad flags exit 2; SIGINT/SIGTERM close cleanly.
import { parseCliArgs, USAGE, UsageError } from './cli-args';
import { DEMO_ACCESS_ID, startSandbox, type SandboxOptions } from './index';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  let opts: SandboxOptions;
  try {
    opts = parseCliArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`sandbox: ${err.message}\n${USAGE}\n`);
    process.exit(2);
  }
  let sandbox;
  try {
    sandbox = await startSandbox(opts);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? `port ${opts.port} is already in use` : String(err);
    process.stderr.write(`sandbox: could not start: ${why}\n`);
    process.exit(1);
  }
  const running = sandbox;
  process.stderr.write(
    `sandbox: integration ${opts.accessId ?? DEMO_ACCESS_ID}; control API at ${running.baseUrl}/_sandbox\n`,
  );
  const stop = (signal: string) => {
    process.stderr.write(`sandbox: ${signal}, closing\n`);
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`sandbox: close failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // The ready line comes last: a script that signals as soon as it reads the line meets the handlers.
  process.stdout.write(`sandbox ready at ${running.baseUrl}\n`);
}

void main();
