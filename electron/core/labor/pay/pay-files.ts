// The hub's pay files: wages (labor-wages.json) and tips (labor-tips.json: the tip rules and each
// punch-out's cash/card split). Both sit at the top of the data folder, so a backup takes them
// (backup/venue-files.ts) and a restore brings them back; neither is ever sent to a satellite.
// Versioned (storage/data-format.ts). Wages: version 2 gives each wage the business day it is paid
// from; a version-1 file (no dates) is upgraded with every wage "from always" (`from: null`). Tips:
// version 1. The record schemas are the contract's, so what a manager saves always reads back.
import { z } from 'zod';
import { loadJsonFile, saveJsonFile } from '../../storage/json-file';
import { defineFormat, type Migration } from '../../storage/data-format';
import type { DamageSink } from '../../storage/data-health';
import {
  personPayArg as personPaySchema,
  tipRulesArg as tipRulesSchema,
} from '../../../../shared/contract/labor-pay-args';
import { NO_TIP_RULES, type PersonPay, type TipRules, type TipSplit } from '../../../../shared/labor-pay';

export const WAGES_FILE = 'labor-wages.json';
export const TIPS_FILE = 'labor-tips.json';
/** v1 → v2: wages without a start date are paid from always. */
const datedWages: Migration = (value) => {
  const doc = value as { people?: unknown };
  if (!Array.isArray(doc.people)) return value;
  return {
    ...doc,
    people: doc.people.map((p: { wages?: unknown }) =>
      p && Array.isArray(p.wages) ? { ...p, wages: p.wages.map((w: object) => ({ ...w, from: null })) } : p,
    ),
  };
};

export const WAGES_FORMAT = defineFormat(WAGES_FILE, [datedWages]);
export const TIPS_FORMAT = defineFormat(TIPS_FILE);

const splitSchema = z.strictObject({
  userId: z.string().min(1).max(128),
  at: z.number().int().min(0),
  cashCents: z.number().int().min(0),
  cardCents: z.number().int().min(0),
});

const wagesFile = z.object({ version: z.literal(2), people: z.array(personPaySchema) });
const tipsFile = z.object({ version: z.literal(1), rules: tipRulesSchema, splits: z.array(splitSchema) });

/** Splits older than this are dropped when the file is written: a year and a month of reports. */
const SPLITS_KEPT_MS = 400 * 86_400_000;

export class PayFiles {
  private people: PersonPay[];
  private rules: TipRules;
  private splits: TipSplit[];

  constructor(
    private readonly dir: string,
    private readonly now: () => number,
    damage?: DamageSink,
  ) {
    this.people = loadJsonFile(dir, WAGES_FILE, wagesFile, () => ({ version: 2 as const, people: [] }), {
      damage,
      format: WAGES_FORMAT,
      label: 'The wages',
      severity: 'error',
      consequence: 'wages must be entered again (labor cost shows none until then)',
    }).value.people;
    const tips = loadJsonFile(
      dir,
      TIPS_FILE,
      tipsFile,
      () => ({ version: 1 as const, rules: NO_TIP_RULES, splits: [] }),
      {
        damage,
        format: TIPS_FORMAT,
        label: 'The tip rules and cash/card splits',
        consequence: 'tip-outs and pools must be set again, and tips read as not split',
      },
    ).value;
    this.rules = tips.rules;
    this.splits = tips.splits;
  }

  allPay(): PersonPay[] {
    return this.people.map((p) => ({ ...p, wages: [...p.wages] }));
  }

  payMap(): Map<string, PersonPay> {
    return new Map(this.people.map((p) => [p.userId, p]));
  }

  /** Sets one person's pay record whole (no wages and no payroll id removes it). */
  savePay(pay: PersonPay): void {
    const rest = this.people.filter((p) => p.userId !== pay.userId);
    const next = pay.wages.length === 0 && pay.payrollId === null ? rest : [...rest, pay];
    saveJsonFile(this.dir, WAGES_FILE, { version: WAGES_FORMAT.version, people: next }, { format: WAGES_FORMAT });
    this.people = next;
  }

  tipRules(): TipRules {
    return this.rules;
  }

  saveTipRules(rules: TipRules): void {
    this.writeTips(rules, this.splits);
    this.rules = rules;
  }

  tipSplits(): TipSplit[] {
    return this.splits;
  }

  /** A punch-out's cash/card split, written before the punch is answered. */
  addSplit(split: TipSplit): void {
    const cut = this.now() - SPLITS_KEPT_MS;
    const next = [...this.splits.filter((s) => s.at >= cut), split];
    this.writeTips(this.rules, next);
    this.splits = next;
  }

  private writeTips(rules: TipRules, splits: TipSplit[]): void {
    saveJsonFile(this.dir, TIPS_FILE, { version: 1, rules, splits }, { format: TIPS_FORMAT });
  }
}
