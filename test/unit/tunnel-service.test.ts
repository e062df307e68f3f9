// The tunnel's failure paths, with a stand-in connector (ngrok itself is not reachable from tests):
// a tunnel that comes up after the timeout must not stay open, and an error never echoes the token.
import { describe, expect, it, vi } from 'vitest';
import { TunnelService, type TunnelHandle } from '../../electron/core/tunnel/tunnel-service';

describe('tunnel service', () => {
  it('closes a tunnel that comes up only after it gave up waiting', async () => {
    let closed = false;
    let arrived!: () => void;
    const late = new Promise<void>((resolve) => (arrived = resolve));
    const tunnel = new TunnelService({
      timeoutMs: 50,
      connect: async () => {
        await new Promise((r) => setTimeout(r, 200));
        arrived();
        return { url: () => 'https://late.ngrok.test', close: async () => void (closed = true) };
      },
    });
    const status = await tunnel.start(4000, 'token-1');
    expect(status).toMatchObject({ state: 'error', publicUrl: null });
    expect(status.message).toMatch(/did not come up in time/);
    expect(status.problem).toMatchObject({ kind: 'local-failure', data: { code: 'tunnel-timeout' } });
    await late;
    await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(true);
    expect(tunnel.status().state).toBe('error');
  });

  it('never shows the authtoken in an error message', async () => {
    const tunnel = new TunnelService({
      connect: async ({ authtoken }) => {
        throw new Error(`unexpected reply for session ${authtoken}: 502`);
      },
    });
    const status = await tunnel.start(4000, '  2abcSECRETxyz  ');
    expect(status.state).toBe('error');
    expect(status.message).toContain('[redacted]');
    expect(status.message).not.toContain('2abcSECRETxyz');
  });

  it('a connector that throws at once is an error status, not an exception', async () => {
    const tunnel = new TunnelService({
      connect: () => {
        throw new Error('getaddrinfo ENOTFOUND connect.ngrok-agent.com');
      },
    });
    await expect(tunnel.start(4000, 'tok')).resolves.toMatchObject({
      state: 'error',
      message: expect.stringMatching(/offline/),
    });
  });
});

describe('two starts at once', () => {
  it('keeps only the newest tunnel open', async () => {
    const closed: string[] = [];
    let n = 0;
    const service = new TunnelService({
      connect: async () => {
        const id = `t${++n}`;
        await new Promise((r) => setTimeout(r, id === 't1' ? 60 : 10));
        return { url: () => `https://${id}.example.test`, close: async () => void closed.push(id) };
      },
    });
    const [first, second] = await Promise.all([service.start(4000, 'token'), service.start(4000, 'token')]);
    expect(second).toMatchObject({ state: 'online', publicUrl: 'https://t2.example.test' });
    expect(first.publicUrl).not.toBe('https://t1.example.test');
    expect(closed).toEqual(['t1']);
    expect(service.status().publicUrl).toBe('https://t2.example.test');
    await service.stop();
    expect(closed).toEqual(['t1', 't2']);
  });
});

describe('a tunnel still starting when the listener moves', () => {
  // A connector whose tunnels come up only when the test says so, and remember where they forward.
  function heldConnector() {
    const tunnels: { port: number; closed: boolean; arrive: () => void }[] = [];
    const connect = ({ port }: { port: number }) =>
      new Promise<TunnelHandle>((resolve) => {
        const tunnel = {
          port,
          closed: false,
          arrive: () =>
            resolve({ url: () => `https://p${port}.example.test`, close: async () => void (tunnel.closed = true) }),
        };
        tunnels.push(tunnel);
      });
    return { tunnels, connect };
  }

  it('comes up at the new port, and the one started at the old port is closed', async () => {
    const { tunnels, connect } = heldConnector();
    const service = new TunnelService({ connect });
    const starting = service.start(4000, 'token', '/hooks');
    await vi.waitFor(() => expect(tunnels).toHaveLength(1));
    expect(service.status().state).toBe('starting');

    const following = service.follow(5000, '/hooks');
    await vi.waitFor(() => expect(tunnels).toHaveLength(2));
    tunnels[0].arrive();
    tunnels[1].arrive();
    await Promise.all([starting, following]);

    expect(tunnels[1].port).toBe(5000);
    expect(service.status()).toMatchObject({ state: 'online', publicUrl: 'https://p5000.example.test/hooks' });
    await vi.waitFor(() => expect(tunnels[0].closed).toBe(true));
    expect(tunnels[1].closed).toBe(false);
    await service.stop();
    expect(tunnels[1].closed).toBe(true);
  });

  it('a new path while starting is the one shown once up', async () => {
    const { tunnels, connect } = heldConnector();
    const service = new TunnelService({ connect });
    const starting = service.start(4000, 'token', '/old');
    await vi.waitFor(() => expect(tunnels).toHaveLength(1));
    await service.follow(4000, '/new');
    tunnels[0].arrive();
    await expect(starting).resolves.toMatchObject({ publicUrl: 'https://p4000.example.test/new' });
    expect(tunnels).toHaveLength(1);
  });

  it('a listener stopped while the tunnel starts leaves no tunnel open', async () => {
    const { tunnels, connect } = heldConnector();
    const service = new TunnelService({ connect });
    const starting = service.start(4000, 'token');
    await vi.waitFor(() => expect(tunnels).toHaveLength(1));
    await service.follow(null, '');
    tunnels[0].arrive();
    await starting;
    expect(service.status().state).toBe('off');
    await vi.waitFor(() => expect(tunnels[0].closed).toBe(true));
  });
});
