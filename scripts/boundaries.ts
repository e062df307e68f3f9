// Process boundaries, checked on the syntax tree rather than with text search so comments and
// strings do not count and aliases do:
// - core, sandbox, host and shared are plain Node/web code: they never import 'electron';
// - the renderer imports neither Electron nor Node built-ins;
// - the core never imports the sandbox: the composition roots (host, main) start it and hand the
//   core a SandboxLink, so the service stays a remote to the core;
// - only electron/main/ipc/ and electron/preload/ may touch ipcMain or ipcRenderer;
// - the renderer bundles no validation or Node-only package: no zod (argument schemas and
//   schemas of external input are checked in main), no ws, store, tunnel or test packages.
import { posix } from 'node:path';
import ts from 'typescript';

export interface Violation {
  file: string;
  line: number;
  message: string;
}

const NO_ELECTRON = ['electron/core/', 'electron/sandbox/', 'electron/host/', 'shared/', 'renderer/'];
const IPC_ALLOWED = ['electron/main/ipc/', 'electron/preload/'];
const RAW_IPC = new Set(['ipcMain', 'ipcRenderer']);
const RENDERER_BANNED_PACKAGES = [
  'zod',
  'ws',
  'conf',
  'electron-store',
  '@ngrok/ngrok',
  'selfsigned',
  'bonjour-service',
  'fast-check',
  'autocannon',
  'typescript',
];
/** zod-backed modules under shared/ that only main may load. */
const MAIN_ONLY_SHARED = /^shared\/(schemas\/|contract\/(arg-schemas|[a-z-]+-args)(\.ts)?$)/;

export function checkSource(file: string, text: string): Violation[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const violations: Violation[] = [];
  const at = (node: ts.Node, message: string) =>
    violations.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, message });
  const banElectron = NO_ELECTRON.some((prefix) => file.startsWith(prefix));
  const banNode = file.startsWith('renderer/');
  const ipcAllowed = IPC_ALLOWED.some((prefix) => file.startsWith(prefix));

  const checkSpecifier = (node: ts.Node, specifier: string) => {
    if (
      banElectron &&
      (specifier === 'electron' || specifier.startsWith('electron/') || specifier === 'electron-store')
    ) {
      at(node, `imports '${specifier}': this layer must run without Electron`);
    }
    if (file.startsWith('electron/core/') && specifier.startsWith('.')) {
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      if (target === 'electron/sandbox' || target.startsWith('electron/sandbox/')) {
        at(
          node,
          `imports '${specifier}': the core never imports the sandbox; it gets a SandboxLink from the composition root`,
        );
      }
    }
    if (banNode && RENDERER_BANNED_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`))) {
      at(
        node,
        `imports '${specifier}': the renderer must not bundle this package (validation and Node work happen in main)`,
      );
    }
    if (banNode && specifier.startsWith('.')) {
      const target = posix.normalize(posix.join(posix.dirname(file), specifier));
      if (MAIN_ONLY_SHARED.test(target))
        at(node, `imports '${specifier}': zod schemas are main-side only; the renderer uses the contract's types`);
    }
    if (
      banNode &&
      (specifier.startsWith('node:') ||
        ['fs', 'path', 'child_process', 'http', 'net', 'os', 'crypto'].includes(specifier))
    ) {
      at(node, `imports '${specifier}': the renderer is web code and reaches main only through the contract`);
    }
  };

  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      checkSpecifier(node, node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        checkSpecifier(node, node.arguments[0].text);
      }
    } else if (!ipcAllowed && ts.isIdentifier(node) && RAW_IPC.has(node.text)) {
      at(node, `touches ${node.text}: only electron/main/ipc/ and electron/preload/ may use raw IPC`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return violations;
}
