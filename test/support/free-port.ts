// Its own file, without vitest, so the Playwright tests (which must not load vitest) use it too.
// The one picker lives in electron/core (tests may import core, never the reverse).
export { freeLoopbackPort as freePort } from '../../electron/core/group/free-loopback-port';
