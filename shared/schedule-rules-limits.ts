// The bounds of the schedule rules' minutes, once: the contract's schema refuses outside them and
// the schedule rules form checks them before it sends, so both say the same.
export const SCHEDULE_RULES_LIMITS = {
  earlyMinutes: { min: 0, max: 240 },
  lateAfterMinutes: { min: 1, max: 240 },
  noShowAfterMinutes: { min: 1, max: 720 },
  autoClockOutGraceMinutes: { min: 0, max: 720 },
} as const;

export type LimitedScheduleRule = keyof typeof SCHEDULE_RULES_LIMITS;
