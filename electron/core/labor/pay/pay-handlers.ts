// The pay part of the contract: one line per request onto PayService.
import type { HandlersOf } from '../../../../shared/contract';
import type { LaborPayRequests } from '../../../../shared/contract/labor-pay';
import type { PayService } from './pay-service';

export function payHandlers(pay: PayService): HandlersOf<LaborPayRequests> {
  return {
    payWages: async (token) => pay.wages(token),
    paySaveWage: async (token, person) => pay.saveWage(token, person),
    payLaborDay: (token, day) => pay.laborDay(token, day),
    payTipRules: async (token) => pay.tipRules(token),
    paySaveTipRules: async (token, rules) => pay.saveTipRules(token, rules),
    payTipReport: (token, fromDay, toDay) => pay.tipReport(token, fromDay, toDay),
    payPeriodTotals: (token, fromDay, toDay) => pay.periodTotals(token, fromDay, toDay),
    payPayrollFile: (token, provider, fromDay, toDay, options) =>
      pay.payrollFile(token, provider, fromDay, toDay, options),
  };
}
