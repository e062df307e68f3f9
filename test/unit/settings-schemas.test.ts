// One schema per setting: whatever the bridge accepts for a setting is what the stored file reads
// back after a restart (before, the webhook path had two schemas that disagreed, so a value the
// screen could save made the file unreadable and the settings silently reset at the next start).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirs } from '../support';
import { laborArgSchemas } from '../../shared/contract/labor-args';
import { webhookArgSchemas } from '../../shared/contract/webhooks-args';
import { loadLaborSettings, saveLaborSettings } from '../../electron/core/labor/labor-settings-store';
import {
  defaultWebhookSettings,
  loadWebhookSettings,
  saveWebhookSettings,
} from '../../electron/core/webhook-listener/listener-settings';

const dirs = tempDirs('venue-settings-');
const tempDir = () => dirs.make();
afterEach(() => dirs.removeAll());

const TOKEN = 'x'.repeat(32);

describe('one schema per setting', () => {
  it('a kiosk settings file without the payroll presets reads back with us-federal and none, no block, no day end', () => {
    const dir = tempDir();
    const settings = {
      breakDueAfterMinutes: 300,
      breakLongAfterMinutes: 30,
      overtimeAfterMinutes: 480,
      overtimeWarningMinutes: 30,
      idleSeconds: 30,
      nameTapNeedsPin: true,
      fiscalDayStartHour: 4,
    };
    writeFileSync(join(dir, 'labor-settings.json'), JSON.stringify({ version: 1, location: null, settings }));
    const problems: string[] = [];
    expect(loadLaborSettings(dir, (line) => problems.push(line)).settings).toEqual({
      ...settings,
      overtimePreset: 'us-federal',
      breakPreset: 'none',
      blockEarlyBreakEnd: false,
      businessDayEnd: null,
      kioskLanguage: 'en',
      printSlip: false,
    });
    expect(problems).toEqual([]);
  });

  it('labor settings the contract accepts read back unchanged after a restart (property)', () => {
    const settings = fc.record({
      breakDueAfterMinutes: fc.integer({ min: 0, max: 2000 }),
      breakLongAfterMinutes: fc.integer({ min: 0, max: 1000 }),
      overtimeAfterMinutes: fc.integer({ min: 0, max: 2000 }),
      overtimeWarningMinutes: fc.integer({ min: 0, max: 1000 }),
      idleSeconds: fc.integer({ min: 0, max: 700 }),
      nameTapNeedsPin: fc.boolean(),
      fiscalDayStartHour: fc.integer({ min: 0, max: 30 }),
      overtimePreset: fc.constantFrom('us-federal' as const, 'california' as const),
      breakPreset: fc.constantFrom('none' as const, 'california' as const),
      blockEarlyBreakEnd: fc.boolean(),
      businessDayEnd: fc.option(fc.constantFrom('04:00', '23:59', '00:00', '24:00', '4:00')),
      kioskLanguage: fc.constantFrom('en' as const, 'es' as const),
      printSlip: fc.boolean(),
    });
    const location = fc.record({
      uuid: fc.string({ minLength: 1, maxLength: 130 }),
      name: fc.string({ maxLength: 210 }),
      timezone: fc.option(fc.string({ maxLength: 70 })),
    });
    fc.assert(
      fc.property(settings, location, (s, loc) => {
        const sAccepted = laborArgSchemas.laborSaveSettings.safeParse([TOKEN, s]).success;
        const locAccepted = laborArgSchemas.laborSetLocation.safeParse([TOKEN, loc]).success;
        if (!sAccepted || !locAccepted) return;
        const dir = tempDir();
        saveLaborSettings(dir, { location: loc, settings: s, kioskView: false });
        const problems: string[] = [];
        expect(loadLaborSettings(dir, (line) => problems.push(line))).toEqual({
          location: loc,
          settings: s,
          kioskView: false,
        });
        expect(problems).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('webhook settings the contract accepts read back unchanged after a restart (property)', () => {
    const input = fc.record({
      host: fc.constantFrom('127.0.0.1', '0.0.0.0', 'localhost', '192.168.1.20'),
      port: fc.integer({ min: 0, max: 65535 }),
      path: fc.stringMatching(/^\/[A-Za-z0-9/_-]{0,120}$/),
      retentionEvents: fc.integer({ min: 500, max: 20_000_000 }),
    });
    fc.assert(
      fc.property(input, (v) => {
        if (!webhookArgSchemas.saveWebhookSettings.safeParse([v]).success) return;
        const dir = tempDir();
        const stored = { ...defaultWebhookSettings(), ...v };
        saveWebhookSettings(dir, stored);
        const loaded = loadWebhookSettings(dir);
        expect(loaded.problem).toBeFalsy();
        expect(loaded.value).toEqual(stored);
      }),
      { numRuns: 150 },
    );
  });
});
