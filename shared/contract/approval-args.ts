// Runtime validation of the time-card approval requests' arguments (main side only).
import { z } from 'zod';
import { requestId } from './request-id';

const token = z.string().min(16).max(128);
const id = z.string().min(1).max(128);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const approvalArgSchemas = {
  laborApproval: z.tuple([token]),
  laborSetPayPeriod: z.tuple([
    token,
    z.strictObject({ cadence: z.enum(['weekly', 'biweekly', 'semi-monthly']), startDay: day }),
  ]),
  laborSignOffPeriod: z.tuple([token, day, requestId]),
  laborReviewDecide: z.tuple([
    token,
    z.string().min(1).max(300),
    z.enum(['approve', 'fix', 'comment']),
    z.string().max(500).nullable(),
    requestId,
  ]),
  laborAddShiftNote: z.tuple([token, id, z.string().min(1).max(500), requestId]),
  laborRememberLanguage: z.tuple([token, z.enum(['en', 'es'])]),
};
