// A value the contract's schemas refuse (a long break of 0 minutes) as it reaches a screen: the
// dispatcher's `invalid` error carries which setting and which rule as data, that data survives the
// boundary, the settings form words it next to the field, and any other screen gets a plain
// sentence, never the schema's wording. The schedule rules form words its minutes the same way.
import { describe, expect, it } from 'vitest';
import type { IpcHandlers } from '../../shared/contract';
import { DEFAULT_LABOR_SETTINGS, type LaborSettings } from '../../shared/labor';
import { rebuildError, settleOutcome } from '../../shared/ipc-outcome';
import { AppError } from '../../shared/app-error';
import { staffWords } from '../../shared/errors';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { checkSettings, settingProblem } from '../../shared/labor-settings-words';
import { DEFAULT_SCHEDULE_RULES, type ScheduleRules } from '../../shared/labor-schedule';
import { checkScheduleRules, scheduleRuleProblem } from '../../shared/schedule-rules-words';

const mustNotRun = async () => {
  throw new Error('the handler must not run for refused arguments');
};
const handlers = { laborSaveSettings: mustNotRun, scheduleSaveRules: mustNotRun } as unknown as IpcHandlers;

/** The error a screen gets for saving these settings, after the boundary (structured clone). */
function refusal(change: Partial<LaborSettings>): Promise<AppError> {
  return refused('laborSaveSettings', ['manager-session-token', { ...DEFAULT_LABOR_SETTINGS, ...change }]);
}

/** The error a screen gets for saving these schedule rules. */
function rulesRefusal(change: Partial<ScheduleRules>): Promise<AppError> {
  return refused('scheduleSaveRules', [
    'manager-session-token',
    { ...DEFAULT_SCHEDULE_RULES, ...change },
    '2026-11-23',
  ]);
}

async function refused(channel: 'laborSaveSettings' | 'scheduleSaveRules', args: unknown[]): Promise<AppError> {
  const outcome = structuredClone(await dispatchRequest(handlers, channel, args));
  try {
    await settleOutcome(outcome);
  } catch (reason) {
    return rebuildError(structuredClone(reason));
  }
  throw new Error('expected the save to be refused');
}

describe('arguments the contract refuses', () => {
  it('carry the setting, the rule and its bound as data', async () => {
    const error = await refusal({ breakLongAfterMinutes: 0 });
    expect(error.kind).toBe('invalid');
    expect(error.data).toEqual({
      field: 'breakLongAfterMinutes',
      rule: { path: ['breakLongAfterMinutes'], rule: 'too-small', limit: 1 },
    });
    // The technical wording stays, for the log.
    expect(error.message).toMatch(/^Invalid arguments for laborSaveSettings: /);
  });

  it('name too-big with its bound, and a fraction as not whole', async () => {
    expect((await refusal({ idleSeconds: 601 })).data).toMatchObject({
      rule: { path: ['idleSeconds'], rule: 'too-big', limit: 600 },
    });
    expect((await refusal({ overtimeWarningMinutes: 1.5 })).data).toMatchObject({
      rule: { path: ['overtimeWarningMinutes'], rule: 'not-whole', limit: null },
    });
    expect((await refusal({ businessDayEnd: '25:00' })).data).toMatchObject({
      rule: { path: ['businessDayEnd'], rule: 'format', limit: null },
    });
  });

  it('are worded by the settings form from the data, next to the setting', async () => {
    const cases: [Partial<LaborSettings>, string, string][] = [
      [{ breakLongAfterMinutes: 0 }, 'breakLongAfterMinutes', 'A long break must be at least 1 minute.'],
      [
        { breakDueAfterMinutes: 0 },
        'breakDueAfterMinutes',
        'The time on shift before a break is due must be at least 15 minutes.',
      ],
      [
        { breakDueAfterMinutes: 25 * 60 },
        'breakDueAfterMinutes',
        'The time on shift before a break is due must be at most 24 hours.',
      ],
      [
        { idleSeconds: 601 },
        'idleSeconds',
        'The time before the kiosk goes back to the PIN pad must be at most 600 seconds.',
      ],
      [
        { fiscalDayStartHour: 24 },
        'fiscalDayStartHour',
        'The hour the business day starts must be a whole hour from 0 to 23.',
      ],
      [{ businessDayEnd: '25:00' }, 'businessDayEnd', 'The business day end must be a time, like 04:00.'],
    ];
    for (const [change, key, text] of cases) {
      const error = await refusal(change);
      expect(settingProblem(error.toPayload())).toEqual({ key, text });
    }
  });

  it('get a plain sentence on any other screen, the technical text only as detail', async () => {
    const error = await refusal({ breakLongAfterMinutes: 0 });
    const words = staffWords(error);
    expect(words.text).toBe('One of the values entered is not allowed. Check what was entered and try again.');
    expect(words.text).not.toMatch(/Invalid arguments|laborSaveSettings|breakLongAfterMinutes/);
    expect(words.detail).toMatch(/^Invalid arguments for laborSaveSettings/);
  });

  it('are caught by the form before sending, with the same data as the core would send', async () => {
    for (const change of [
      { breakLongAfterMinutes: 0 },
      { breakDueAfterMinutes: 14 },
      { idleSeconds: 601 },
      { fiscalDayStartHour: 24 },
      { overtimeWarningMinutes: 12 * 60 + 1 },
    ]) {
      const settings = { ...DEFAULT_LABOR_SETTINGS, ...change };
      expect(checkSettings(settings)?.data).toEqual((await refusal(change)).data);
    }
    expect(checkSettings(DEFAULT_LABOR_SETTINGS)).toBeNull();
  });

  it('in the schedule rules are worded next to their minutes, before sending or by the core alike', async () => {
    const cases: [Partial<ScheduleRules>, string, string][] = [
      [{ lateAfterMinutes: 0 }, 'lateAfterMinutes', 'The time before someone shows as late must be at least 1 minute.'],
      [
        { noShowAfterMinutes: 721 },
        'noShowAfterMinutes',
        'The time before someone shows as a no-show must be at most 12 hours.',
      ],
      [
        { earlyMinutes: 241 },
        'earlyMinutes',
        'The time before the start when a punch-in is on time must be at most 4 hours.',
      ],
      [
        { autoClockOutGraceMinutes: 800 },
        'autoClockOutGraceMinutes',
        'The time after the scheduled end before clocking out must be at most 12 hours.',
      ],
    ];
    for (const [change, key, text] of cases) {
      const error = await rulesRefusal(change);
      expect(scheduleRuleProblem(error.toPayload())).toEqual({ key, text });
      expect(checkScheduleRules({ ...DEFAULT_SCHEDULE_RULES, ...change })?.data).toEqual(error.data);
    }
    expect(checkScheduleRules(DEFAULT_SCHEDULE_RULES)).toBeNull();
    expect(checkScheduleRules({ ...DEFAULT_SCHEDULE_RULES, autoClockOutGraceMinutes: null })).toBeNull();
    // A refusal of the kiosk settings is none of this form's.
    expect(scheduleRuleProblem((await refusal({ breakLongAfterMinutes: 0 })).toPayload())).toBeNull();
  });
});
