// The floor status bar's kinds from the core's connection and listener status: every state the bar
// tells apart (the e2e specs see the connected, unreachable, live and failed ones on screen), and
// which of them colour the bar.
import { describe, expect, it } from 'vitest';
import type { ConnectionStatus, TokenState } from '../../shared/domain';
import type { ListenerStatus } from '../../shared/webhooks';

// A renderer file, loaded by path: the node project's type check does not take in the renderer's.
const FLOOR_STATUS = '../../renderer/src/components/floor-status';
const { floorStatus } = (await import(FLOOR_STATUS)) as {
  floorStatus(
    connection: ConnectionStatus,
    listener: ListenerStatus | null,
  ): {
    practice: boolean;
    service: { kind: string };
    signInAgain: boolean;
    live: { kind: string; lastAt?: number | null; refused?: number } | null;
    tone: string;
  };
};

function connection(over: Partial<ConnectionStatus> = {}, token: TokenState = 'valid'): ConnectionStatus {
  return {
    settings: {
      mode: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      accessId: 'demo',
      hasSecret: true,
      headerPrefix: 'Service',
      redirectPort: 0,
      redirectUrl: null,
    },
    reachability: 'ok',
    message: null,
    integrationToken: { state: token, expiresAt: null, issuedAt: null, message: null },
    user: null,
    signIn: { state: 'idle' },
    ...over,
  };
}

function listener(over: Partial<ListenerStatus> = {}): ListenerStatus {
  return {
    state: 'listening',
    url: 'http://127.0.0.1:8787/webhooks',
    lastEventAt: null,
    failures: 0,
    message: null,
    signatureRequired: true,
    ...over,
  };
}

describe('the floor status bar', () => {
  it('says which service state it is by the token and the last exchange', () => {
    const kind = (c: ConnectionStatus) => floorStatus(c, null).service.kind;
    expect(kind(connection())).toBe('connected');
    expect(kind(connection({ reachability: 'unknown' }))).toBe('waiting');
    for (const token of ['none', 'fetching', 'expired'] as const)
      expect(kind(connection({ reachability: 'unknown' }, token))).toBe('signing-in');
    expect(kind(connection({}, 'error'))).toBe('refused');
    expect(kind(connection({}, 'revoked'))).toBe('revoked');
    const problem = { kind: 'unreachable', data: {}, message: 'connect ECONNREFUSED 127.0.0.1:4010' } as const;
    expect(floorStatus(connection({ reachability: 'error', problem }, 'error'), null).service).toEqual({
      kind: 'unreachable',
      problem,
    });
    const remote = connection({ reachability: 'unknown' }, 'none');
    remote.settings = { ...remote.settings, mode: 'remote', baseUrl: '' };
    expect(kind(remote)).toBe('no-service');
  });

  it('colours the bar good only when connected, bad when nothing can work', () => {
    const tone = (c: ConnectionStatus) => floorStatus(c, null).tone;
    expect(tone(connection())).toBe('good');
    expect(tone(connection({ reachability: 'unknown' }))).toBe('');
    expect(tone(connection({}, 'error'))).toBe('bad');
    expect(tone(connection({}, 'revoked'))).toBe('bad');
    expect(tone(connection({ reachability: 'error', message: 'down' }))).toBe('bad');
  });

  it('asks for a manager to sign in again only when the user session ended', () => {
    const user = (needsSignIn: boolean, state: TokenState) => ({
      label: null,
      needsSignIn,
      token: { state, expiresAt: null, issuedAt: null, message: null },
    });
    const again = (u: ConnectionStatus['user']) => floorStatus(connection({ user: u }), null).signInAgain;
    expect(again(null)).toBe(false);
    expect(again(user(false, 'valid'))).toBe(false);
    expect(again(user(false, 'fetching'))).toBe(false);
    expect(again(user(true, 'expired'))).toBe(true);
    expect(again(user(false, 'revoked'))).toBe(true);
  });

  it('says whether live updates arrive, when the last came and how many were turned away', () => {
    const live = (l: ListenerStatus | null) => floorStatus(connection(), l).live;
    expect(live(null)).toBeNull();
    expect(live(listener())).toEqual({ kind: 'on', lastAt: null, refused: 0 });
    expect(live(listener({ lastEventAt: 1_700_000_000_000, failures: 2 }))).toEqual({
      kind: 'on',
      lastAt: 1_700_000_000_000,
      refused: 2,
    });
    expect(live(listener({ state: 'starting', url: null }))?.kind).toBe('starting');
    expect(live(listener({ state: 'stopped', url: null }))?.kind).toBe('off');
    expect(live(listener({ state: 'error', url: null, message: 'listen EADDRINUSE' }))?.kind).toBe('failed');
  });
});
