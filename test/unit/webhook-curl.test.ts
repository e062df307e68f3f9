// "Copy as curl": the command, run by a real shell and curl, sends the stored delivery again byte
// for byte, so the listener sees the same signature and the same event.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventDetail } from '../../shared/webhooks';
import { curlFor, shellQuote, signBody, WebhookReceiver } from '../../electron/core/webhooks';
import { deliver, envelope, post, removeTempDirs, SAMPLES, SECRET, TestClock, tempDir } from './webhook-fixtures';

let receiver: WebhookReceiver;
let url: string;

beforeEach(async () => {
  receiver = new WebhookReceiver({
    dataDir: tempDir(),
    secret: SECRET,
    now: new TestClock().now,
    customHeaders: { Authorization: 'Bearer xyz' },
  });
  url = (await receiver.start()).url!;
});
afterEach(() => receiver.stop());
afterAll(removeTempDirs);

// Asynchronous: the listener runs in this process and must keep answering while curl waits.
// The custom header's credential is not stored; the command reads it from the environment.
const sh = async (command: string) =>
  (
    await promisify(execFile)('sh', ['-c', command], {
      encoding: 'utf8',
      timeout: 10_000,
      env: { ...process.env, WEBHOOK_HEADER_AUTHORIZATION: 'Bearer xyz' },
    })
  ).stdout;

describe('curlFor', () => {
  it('quotes for the shell', async () => {
    expect(shellQuote(`it's $HOME "x"`)).toBe(`'it'\\''s $HOME "x"'`);
    expect(await sh(`printf '%s' ${shellQuote(`it's $HOME \`id\` \\n "x"\n`)}`)).toBe(`it's $HOME \`id\` \\n "x"\n`);
  });

  it('reproduces a signed delivery exactly: the listener sees the same event again', async () => {
    const e = envelope('ITEM_ADDED', {
      ...SAMPLES.ITEM_ADDED,
      data: { ...SAMPLES.ITEM_ADDED.data, name: `Chef's "special" $5 \\ @home` },
    });
    const first = await deliver(url, e, SECRET, { Authorization: 'Bearer xyz' });
    expect(first.status).toBe(200);
    const detail = receiver.detail(first.json!.seq as number)!;
    const command = curlFor(detail, url);
    expect(command).toContain('-H "Authorization: ${WEBHOOK_HEADER_AUTHORIZATION}"');
    expect(command).not.toContain('Bearer xyz');
    expect(command).not.toMatch(/-H '(Host|Content-Length|Connection):/i);
    const reply = JSON.parse(await sh(command)) as Record<string, unknown>;
    expect(reply).toEqual({ ok: true, seq: detail.seq, duplicate: true });
    expect(receiver.detail(detail.seq)!.deliveries).toBe(2);
  });

  it('reproduces bytes that are not UTF-8 through base64', async () => {
    const body = Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x7d]);
    const reply = await post(url, body, { 'X-Service-Signature': signBody(body, SECRET), Authorization: 'Bearer xyz' });
    expect(reply.status).toBe(400);
    const detail = receiver.detail(1)!;
    expect(detail.rawBodyBase64).toBe(body.toString('base64'));
    expect(detail.signature.result).toBe('match');
    await sh(curlFor(detail, url));
    const again = receiver.detail(2)!;
    expect(again.rawBodyBase64).toBe(body.toString('base64'));
    expect(again.signature.result).toBe('match');
  });

  it('marks a truncated body and sends an empty header value as an empty header', () => {
    const detail = {
      headers: { 'X-Empty': '' },
      rawBody: '@file',
      rawBodyBase64: null,
      truncated: true,
    } as unknown as EventDetail;
    const command = curlFor(detail, 'http://h/w');
    expect(command.split('\n')[0]).toMatch(/^# the body was cut/);
    expect(command).toContain(`-H 'X-Empty;'`);
    expect(command).toContain(`--data-raw '@file'`);
  });
});
