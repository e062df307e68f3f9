// `npm start`: the app on the embedded sandbox. With the Electron runtime it opens the desktop
// window; without it (as on our build machines) it says so in one line and runs the very same app
// through the headless host, opening it in Chromium's app mode when there is a display for it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { electronBinary } from './electron-runtime.mjs';

const run = (cmd, args, opts = {}) => spawn(cmd, args, { stdio: 'inherit', ...opts });
const extra = process.argv.slice(2);

const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) {
  console.error('Building the app failed (see above).');
  process.exit(build.status ?? 1);
}

const electron = electronBinary();
if (electron.ok) {
  const child = run(electron.binary, ['.', ...extra]);
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(`Electron cannot run here: ${electron.reason}; starting the headless host instead.`);
  const host = spawn(process.execPath, ['out/main/host.js', ...extra], { stdio: ['inherit', 'pipe', 'inherit'] });
  host.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const match = /ready at (http\S+)/.exec(String(chunk));
    const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
    if (match && process.env.DISPLAY && chromium) {
      run(
        chromium,
        [
          `--app=${match[1]}`,
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
        { stdio: 'ignore', detached: true },
      ).unref();
    }
  });
  const stop = () => host.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  host.on('exit', (code) => process.exit(code ?? 0));
}
