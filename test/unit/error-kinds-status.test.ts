// Status that the core reports as data, not as a thrown error, carries its kind too: a gift-card
// sale that was refused or whose outcome is unknown arrives at the renderer's own WebSocket bridge
// with its kind and data, and a connection's bad address is refused as `invalid` naming the field,
// across the same boundary. Screens word each by its kind (staffWords), never by its text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppError } from '../../shared/app-error';
import { staffWords } from '../../shared/errors';
import type { GiftCardSale, GiftCardSaleInput } from '../../shared/tabs';
import type { ConnectionInput } from '../../shared/domain';
import { startHost, type RunningHost } from '../../electron/host/host';
import { installPageWebSocket } from '../support/page-websocket';
import { normaliseBaseUrl } from '../../electron/core/connection/connection-settings';
import { GiftCardSales } from '../../electron/core/tabs/gift-card-sales';
import { PRODUCTS, SPOT_BAR_1, removeTempDirs, startCore, type TestCore } from './tabs-kit';
import { newRequestId as rid } from '../../shared/request-id';

const WS_BRIDGE = '../../renderer/src/bridge/ws-bridge';

interface Bridged {
  giftCardSell(input: GiftCardSaleInput, requestId: string): Promise<GiftCardSale>;
  saveConnection(input: ConnectionInput): Promise<unknown>;
}

const sale = (spotUuid: string): GiftCardSaleInput => ({
  spotUuid,
  spotName: SPOT_BAR_1.name,
  lines: [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: 1, label: 'Gift Card $25', unitPrice: 2500 }],
  paymentType: 'CARD',
  wait: false,
});

describe('status with kinds, through the host and the renderer’s bridge', () => {
  let t: TestCore;
  let host: RunningHost;
  let api: Bridged;
  let page: { finish(): void } | undefined;

  beforeAll(async () => {
    t = await startCore();
    const rendererDir = join(t.dataDir, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    host = await startHost({ rendererDir, handlers: t.core.handlers, events: t.core.events });
    page = installPageWebSocket(() => `http://127.0.0.1:${host.port}`);
    const { createWsBridge } = (await import(WS_BRIDGE)) as { createWsBridge(url: string): { api: Bridged } };
    api = createWsBridge(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`).api;
  });

  afterAll(async () => {
    page?.finish();
    await host?.close();
    await t?.stop();
    removeTempDirs();
  });

  it('a refused gift-card sale arrives with its kind and the service’s words', async () => {
    const refused = await api.giftCardSell(sale('no-such-spot'), rid());
    expect(refused.state).toBe('failed');
    expect(refused.problem).toMatchObject({ kind: 'invalid', data: { said: expect.stringMatching(/spot_uuid/) } });
    expect(staffWords(refused.problem).text).toMatch(/no spot no-such-spot/);
    // Kept with the sale: a restart reads the same kind back.
    const kept = new GiftCardSales(join(t.dataDir, 'tabs')).get(refused.id);
    expect(kept?.problem).toEqual(refused.problem);
  });

  it('a sale with no clear answer arrives as outcome-unknown, worded as such', async () => {
    await t.control.addFault({ route: 'POST /api/loc/:location/tabs', mode: 'commit-then-504' });
    const unknown = await api.giftCardSell(sale(SPOT_BAR_1.uuid), rid());
    expect(unknown.state).toBe('unknown');
    expect(unknown.problem).toMatchObject({ kind: 'outcome-unknown', data: { operation: 'sell gift cards' } });
    expect(staffWords(unknown.problem).text).toMatch(/may or may not have been done/);
  });

  it('a bad service address is refused as invalid, naming the field', async () => {
    const error = await api
      .saveConnection({ mode: 'remote', baseUrl: 'ftp://service.example', accessId: 'a', accessSecret: 's' })
      .then(
        () => null,
        (e: AppError) => e,
      );
    expect(error).toMatchObject({ kind: 'invalid', data: { field: 'baseUrl' } });
    expect(staffWords(error).text).toMatch(/must start with https:\/\//);
  });
});

describe('the connection settings’ address check', () => {
  it('names the field for each way an address is wrong', () => {
    for (const bad of ['not a url', 'ftp://x.example', 'http://192.0.2.7', 'https://x.example/?q=1'])
      expect(() => normaliseBaseUrl(bad)).toThrow(
        expect.objectContaining({ kind: 'invalid', data: { field: 'baseUrl' } }),
      );
    expect(normaliseBaseUrl(' https://x.example/ ')).toBe('https://x.example');
  });
});
