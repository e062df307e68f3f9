// The machine a bench ran on, for the header and the JSON file: figures from different machines
// are not comparable, ratios against the same-run baseline mostly are.
import { readFileSync } from 'node:fs';
import { cpus, loadavg, platform, arch, totalmem, tmpdir, release } from 'node:os';

/** The filesystem holding `dir` (from /proc/mounts; the event log's fsync cost depends on it). */
function filesystemOf(dir: string): string {
  try {
    let best = { mount: '', type: 'unknown', device: '' };
    for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [device, mount, type] = line.split(' ');
      if (mount === undefined) continue;
      const inside = dir === mount || dir.startsWith(mount.endsWith('/') ? mount : `${mount}/`);
      if (inside && mount.length >= best.mount.length) best = { mount, type, device };
    }
    return `${best.type} (${best.device} on ${best.mount})`;
  } catch {
    return 'unknown';
  }
}

export function describeMachine(): Record<string, unknown> {
  const list = cpus();
  return {
    cores: list.length,
    cpu: list[0]?.model?.trim() ?? 'unknown',
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAverage1m: Math.round(loadavg()[0] * 100) / 100,
    tmpdir: tmpdir(),
    tmpdirFilesystem: filesystemOf(tmpdir()),
  };
}

export function machineLine(machine: Record<string, unknown>): string {
  return (
    `machine: ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${machine.os}, ${machine.memoryGiB} GiB RAM, ` +
    `load ${machine.loadAverage1m} at start, temp dirs on ${machine.tmpdirFilesystem}`
  );
}
