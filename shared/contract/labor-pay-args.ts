// Runtime validation of the pay requests' arguments (main side only). The wage and tip-rule
// schemas are the stored files' own (electron/core/labor/pay/pay-files.ts mirrors them here), so
// a value accepted here always reads back after a restart.
import { z } from 'zod';
import { PAYROLL_PROVIDERS } from '../labor-pay';

const token = z.string().min(16).max(128);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const cents = z.number().int().min(0);
const roleName = z.string().trim().min(1).max(64);

export const wageArg = z.discriminatedUnion('kind', [
  z.strictObject({
    role: roleName.nullable(),
    kind: z.literal('hourly'),
    cents: cents.max(1_000_000),
    per: z.literal('hour'),
    from: day.nullable(),
  }),
  z.strictObject({
    role: roleName.nullable(),
    kind: z.literal('salaried'),
    cents: cents.max(10_000_000_000),
    per: z.enum(['week', 'year']),
    from: day.nullable(),
  }),
]);

export const personPayArg = z.strictObject({
  userId: z.string().min(1).max(128),
  payrollId: z.string().trim().min(1).max(40).nullable(),
  wages: z
    .array(wageArg)
    .max(20)
    .refine(
      (ws) => new Set(ws.map((w) => `${w.role?.toLowerCase() ?? ''}@${w.from ?? ''}`)).size === ws.length,
      'One wage per role and start date',
    ),
});

export const tipRulesArg = z.strictObject({
  tipOuts: z
    .array(
      z.strictObject({
        fromRole: roleName,
        toRole: roleName,
        percent: z.number().min(0).max(100).multipleOf(0.01),
        base: z.enum(['sales', 'tips']),
      }),
    )
    .max(20),
  pools: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(60), roles: z.array(roleName).min(1).max(20) }))
    .max(10),
});

const range = () => z.tuple([token, day, day]).refine(([, from, to]) => from <= to, 'fromDay must not be after toDay');
const exportOptions = z.strictObject({
  companyCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,10}$/, 'letters and digits')
    .optional(),
  batchId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,10}$/, 'letters and digits')
    .optional(),
});

export const laborPayArgSchemas = {
  payWages: z.tuple([token]),
  paySaveWage: z.tuple([token, personPayArg]),
  payLaborDay: z.tuple([token, day]),
  payTipRules: z.tuple([token]),
  paySaveTipRules: z.tuple([token, tipRulesArg]),
  payTipReport: range(),
  payPeriodTotals: range(),
  payPayrollFile: z.tuple([token, z.enum(PAYROLL_PROVIDERS), day, day, exportOptions]),
};
