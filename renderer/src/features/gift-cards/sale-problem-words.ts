// A gift-card sale's failure as the cashier reads it, by its kind: a refused field of the sale gets
// the words for that field, any other failure the words every screen uses.
import type { ErrorPayload } from '../../../../shared/app-error';
import { staffWords, type StaffWords } from '../../../../shared/errors';

export function saleProblemWords(problem: ErrorPayload | string | null): StaffWords {
  if (problem === null) return { text: 'The service refused the sale.', detail: null };
  if (typeof problem !== 'string' && problem.kind === 'invalid' && problem.data.field === 'price')
    return {
      text: 'A typed price cannot be sent yet: this service’s amounts are not known to be cents or dollars, so it could be charged a hundred times over. Sell at the catalog price, or confirm the unit in Settings → Money units.',
      detail: problem.message || null,
    };
  return staffWords(problem);
}
