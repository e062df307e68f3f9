// `npm run host`: the app without Electron. Every option is also an environment variable so a
// kiosk can be provisioned by a script. Prints exactly one ready line on stdout; notes go to stderr.
import { resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { parseArgs } from 'node:util';
import { createApp } from './create-app';
import { heapTrimLine, startHeapTrim } from '../core/heap-trim';
import { MemorySecretStore } from '../core/secrets/secret-store';
import { startHost } from './host';
import { stopBoundFromEnv, stopOnSignals } from './stop-on-signals';
import { DEFAULT_REDIRECT_PORT } from '../core/connection/connection-settings';
import { reportText } from '../core/connection/service-check';
import { findHubs } from '../core/hub/hub-discovery';
import { DEFAULT_HUB_PORT } from '../core/hub/venue-hub';
import { runSatellite } from './satellite-cli';
import { LAN_REDISCOVERY } from './refind-hub';
import { errorMessage } from '../../shared/errors';
import { newControlSecret, offerNewLinks, requestNewLink } from './host-control';
import { SETUP_FLAG_VALUES, setupFromCommandLine } from './setup-flag';
import { managerPinCheck } from './pin-sign-in';
import { makeWritesPrivate } from '../core/storage/private-modes';
import { finishRestore } from '../core/backup/restore-switch';
import { backupCommand, backupLines, passphraseOf, restoreCommand, restoreLines } from './backup-cli';

const USAGE = `usage: npm run host -- [--port N] [--data-dir DIR] [--service-url URL] [--webhook-port N] [--webhook-secret-file FILE] [--kiosk] [--check] [--hub [--hub-port N] [--hub-host ADDR]] [--satellite HOST:PORT [--pair-code CODE --device-name NAME] [--hub-fingerprint FP]]
  --find-hubs: list the venue hubs announced on this LAN (mDNS) and exit; --no-mdns: the hub does not announce itself (a satellite does not look for a hub that moved)
  --satellite: this device's screen works through the venue hub at HOST:PORT (pair once with the code the hub shows;
    it waits, showing its check code, until a manager allows it on the hub's Devices tab)
  --hub-fingerprint FP: the hub's certificate fingerprint, or its check code (both on the hub's Devices tab); pairing
    refuses any other certificate, and without it a --pair-code run asks at a terminal and refuses elsewhere
  --satellite-setup: a satellite that pairs on its own screen (find or type the hub, compare the fingerprint, enter the code)
  --hub: this device is the venue hub; paired satellites reach it over TLS on --hub-port (default ${DEFAULT_HUB_PORT})
  --new-link: print a fresh one-use sign-in address from the host already running on --data-dir
    (for a browser that was closed or a page left open across a restart); SIGUSR2 to the host does the same
  --setup WHAT: the first start's choice without its screen: ${SETUP_FLAG_VALUES.join(', ')}
    (a plain first start asks on the browser screen instead)
  --check: read-only probes of the configured service (as Settings → Check this service), printed; then exit
  --backup FILE: one file with the venue of --data-dir (made by the host running on it, if one is), then exit
  --restore FILE: rebuild the venue of a backup into --data-dir (the app stopped there), then exit
    both with --passphrase-file FILE (or VENUE_BACKUP_PASSPHRASE) for the sealed secrets and hub key, or --no-secrets
  env: VENUE_PORT, VENUE_DATA_DIR, VENUE_SERVICE_URL, VENUE_WEBHOOK_PORT, VENUE_WEBHOOK_SECRET, VENUE_KIOSK=1
  (give the webhook secret by file or VENUE_WEBHOOK_SECRET: --webhook-secret S still works but every
   local user can read it in the process list)
  (--service-url defaults to the embedded sandbox; VENUE_ACCESS_ID / VENUE_ACCESS_SECRET give its credentials)`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function port(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) fail(`${name} must be a port number from 0 to 65535, not "${value}"`);
  return n;
}

/** File first, then the flag (with a warning: it shows in `ps`), then the environment. */
function webhookSecret(
  flag: string | undefined,
  file: string | undefined,
  fromEnv: string | undefined,
): string | undefined {
  if (flag !== undefined && file !== undefined)
    fail('Give the webhook secret once: --webhook-secret-file or --webhook-secret, not both');
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(resolve(file), 'utf8');
    } catch (error) {
      fail(`--webhook-secret-file ${file} cannot be read: ${errorMessage(error)}`);
    }
    // One trailing newline is what `echo secret > file` leaves; the secret itself is the rest.
    const secret = text.replace(/\r?\n$/, '');
    if (secret === '') fail(`--webhook-secret-file ${file} is empty`);
    return secret;
  }
  if (flag !== undefined) {
    console.error(
      'Warning: --webhook-secret is visible to every local user in the process list; use --webhook-secret-file FILE or VENUE_WEBHOOK_SECRET.',
    );
    return flag;
  }
  return fromEnv === '' ? undefined : fromEnv;
}

/** What a satellite types: the address given, or this machine's first LAN address. */
async function main() {
  // Before anything here touches the data folder (the first-start check below creates it): made
  // under the shell's umask it would be 0755, and the core's start check would then report the
  // folder it had just made as readable by others, on every fresh install.
  makeWritesPrivate();
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'service-url': { type: 'string' },
        'webhook-port': { type: 'string' },
        'webhook-secret': { type: 'string' },
        'webhook-secret-file': { type: 'string' },
        kiosk: { type: 'boolean' },
        check: { type: 'boolean' },
        hub: { type: 'boolean' },
        'hub-port': { type: 'string' },
        'hub-host': { type: 'string' },
        satellite: { type: 'string' },
        'find-hubs': { type: 'boolean' },
        'satellite-setup': { type: 'boolean' },
        'no-mdns': { type: 'boolean' },
        'pair-code': { type: 'string' },
        'device-name': { type: 'string' },
        'hub-fingerprint': { type: 'string' },
        'new-link': { type: 'boolean' },
        setup: { type: 'string' },
        backup: { type: 'string' },
        restore: { type: 'string' },
        'passphrase-file': { type: 'string' },
        'no-secrets': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail(errorMessage(error));
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const env = process.env;
  if (values['find-hubs']) {
    const hubs = await findHubs();
    if (hubs.length === 0)
      console.log('No venue hub answered on this network. Type its address instead: --satellite 192.168.1.20:47800');
    for (const hub of hubs)
      console.log(`${hub.address}  ${hub.name}  certificate ${hub.fingerprint ?? '(not announced)'}`);
    return;
  }
  const serviceUrl = values['service-url'] ?? env.VENUE_SERVICE_URL;
  if (serviceUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(serviceUrl))
    fail(`--service-url must be an http(s) URL, not "${serviceUrl}"`);
  const dataDir = resolve(values['data-dir'] ?? env.VENUE_DATA_DIR ?? resolve(homedir(), '.venue-companion'));
  if (values['new-link']) {
    const answer = await requestNewLink(dataDir);
    if (!answer.ok) {
      console.error(answer.reason);
      process.exit(1);
    }
    console.log(answer.url);
    console.error('That address signs one browser in, once.');
    return;
  }
  if (values.backup !== undefined || values.restore !== undefined) {
    if (values.backup !== undefined && values.restore !== undefined) fail('Give --backup or --restore, not both');
    const verb = values.backup !== undefined ? 'backup' : 'restore';
    let passphrase: string | null;
    try {
      passphrase = passphraseOf(
        {
          passphraseFile: values['passphrase-file'],
          noSecrets: values['no-secrets'],
          fromEnv: env.VENUE_BACKUP_PASSPHRASE,
        },
        verb,
      );
    } catch (error) {
      fail(errorMessage(error));
    }
    try {
      const lines =
        verb === 'backup'
          ? backupLines(await backupCommand(dataDir, values.backup!, passphrase))
          : restoreLines(
              dataDir,
              await restoreCommand(dataDir, values.restore!, passphrase, env.VENUE_FAULT_KILL_IN_RESTORE),
            );
      for (const line of lines) console.log(line);
    } catch (error) {
      console.error(`The ${verb} failed: ${errorMessage(error)}`);
      process.exit(1);
    }
    return;
  }
  // A restore stopped after its commit point (a crash, a kill, or the first start's "Restore a
  // backup", which waits for this start) is finished before anything opens the folder.
  const finished = finishRestore(dataDir);
  if (finished.state === 'switched')
    console.error(
      `The restored venue is in place in ${dataDir}${finished.aside ? `; what it held before is kept in ${finished.aside}` : ''}.`,
    );
  if (finished.state === 'abandoned')
    console.error(`A restore into ${dataDir} stopped before it was whole; the folder is as it was.`);
  // Every number is checked before anything starts, so a typing mistake is refused at once,
  // never after the core has started.
  const httpPort = port(values.port ?? env.VENUE_PORT, '--port');
  const webhookPort = port(values['webhook-port'] ?? env.VENUE_WEBHOOK_PORT, '--webhook-port');
  const hubPort = port(values['hub-port'] ?? env.VENUE_HUB_PORT, '--hub-port');
  // VENUE_RENDERER_DIR: another built renderer (tests run the CLI before `npm run build` has run).
  const rendererDir = resolve(env.VENUE_RENDERER_DIR || resolve(import.meta.dirname, '../../out/renderer'));
  if (!values.check && !existsSync(resolve(rendererDir, 'index.html')))
    fail('The renderer is not built: run `npm run build` first (npm start does it for you).');
  const setup = setupFromCommandLine(dataDir, {
    setup: values.setup,
    hub: values.hub,
    satellite: values.satellite !== undefined || values['satellite-setup'] === true,
    kiosk: values.kiosk,
    serviceUrl,
    check: values.check,
  });
  if (!setup.ok) fail(setup.reason);

  if (
    values.satellite !== undefined ||
    values['satellite-setup'] ||
    values['pair-code'] !== undefined ||
    env.VENUE_SATELLITE ||
    setup.choice?.role === 'join'
  ) {
    if (values.hub) fail('A device is either the hub or a satellite, not both');
    const pairCode = values['pair-code'];
    if (pairCode !== undefined && !/^\d{6}$/.test(pairCode))
      fail(`--pair-code is the 6-digit code the hub shows, not "${pairCode}"`);
    return runSatellite({
      dataDir,
      rendererDir,
      port: httpPort,
      hubUrl: values.satellite ?? env.VENUE_SATELLITE,
      pairCode,
      deviceName: values['device-name'],
      expectFingerprint: values['hub-fingerprint'],
      // A paired satellite whose hub stops answering listens for it on the LAN (refind-hub.ts).
      discovery: values['no-mdns'] || env.VENUE_HUB_MDNS === '0' ? undefined : LAN_REDISCOVERY,
    });
  }
  const secret = webhookSecret(values['webhook-secret'], values['webhook-secret-file'], env.VENUE_WEBHOOK_SECRET);

  const log = (line: string) => console.error(line);
  const core = await createApp({
    dataDir,
    secrets: new MemorySecretStore(),
    runtime: 'headless',
    defaultRedirectPort: DEFAULT_REDIRECT_PORT,
    kiosk: values.kiosk === true || env.VENUE_KIOSK === '1' || setup.choice?.purpose === 'kiosk',
    serviceUrl,
    accessId: env.VENUE_ACCESS_ID,
    accessSecret: env.VENUE_ACCESS_SECRET,
    webhook: {
      port: webhookPort,
      secret,
    },
    log,
    // --hub, VENUE_HUB=1, or "This device is the venue hub" saved in Settings; the core keeps the
    // hub's certificate (satellites pin it at pairing) and serves satellites once it has started.
    // A --check run reads the service and exits: it serves nobody.
    hub: values.check
      ? undefined
      : {
          when: values.hub || env.VENUE_HUB === '1' ? 'always' : 'if-saved',
          host: values['hub-host'] ?? env.VENUE_HUB_HOST,
          port: hubPort,
          mdns: !values['no-mdns'] && env.VENUE_HUB_MDNS !== '0',
        },
  });
  await core.start();
  const trim = values.check ? null : startHeapTrim({ onTrim: (t) => log(heapTrimLine(t)) });
  if (values.check) {
    let code: number;
    try {
      const report = await core.handlers.checkService();
      console.log(reportText(report));
      code = report.lines.every((line) => line.ok) ? 0 : 1;
    } catch (error) {
      console.error(`The check could not run: ${errorMessage(error)}`);
      code = 1;
    }
    await core.stop();
    process.exit(code);
  }
  const controlSecret = newControlSecret();
  const host = await startHost({
    rendererDir,
    handlers: core.handlers,
    dispatch: core.dispatch,
    events: core.events,
    port: httpPort,
    controlSecret,
    managerPin: managerPinCheck(core.labor.access),
    backup: (request) => core.backups.make(request.passphrase, request.file),
  });
  const stopOffering = offerNewLinks(dataDir, host, controlSecret);
  console.error(
    `Secrets and tokens are kept in memory only and forgotten when the host exits. Data folder: ${dataDir}`,
  );
  const boundMs = stopBoundFromEnv(env);
  stopOnSignals({
    steps: [
      {
        name: 'screens',
        run: async () => {
          trim?.stop();
          stopOffering();
          await host.close();
        },
      },
      // The core's own steps bound what they wait for (in-flight webhooks, the leaf node); the
      // rest of the bound is a backstop.
      { name: 'core', run: () => core.stop() },
    ],
    boundMs,
    log,
    exit: (code) => process.exit(code),
  });
  // The ready line follows the handlers: a script that signals as soon as it reads it meets them.
  console.log(`Venue Companion (headless) ready at ${host.url}`);
  console.error(
    'That address signs one browser in, once (its token is retired when used, so the copy in the process list is useless).',
  );
  console.error(
    `For another browser, or after closing this one: npm run host -- --new-link --data-dir ${dataDir} (or kill -USR2 ${process.pid}), or a manager's PIN at http://127.0.0.1:${host.port}/sign-in.`,
  );
}

main().catch((error) => {
  console.error(`The host could not start: ${errorMessage(error)}`);
  process.exit(1);
});
