// Whether the Electron runtime binary is really installed. We must not require('electron') to find
// out: its index tries to download the binary when it is missing, and that host is unreachable here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function electronBinary(root = process.cwd()) {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile))
    return {
      ok: false,
      reason:
        'the Electron runtime is not installed (node_modules/electron/path.txt is missing; its download host is unreachable from this machine)',
    };
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { ok: false, reason: `the Electron runtime binary ${binary} is missing` };
  return { ok: true, binary };
}
