import type { CompositeGift } from '@kometa/contracts';

/** The form intent of a composite's choice (the dialog posts it, the gifts page's action reads it). */
export const SELECT_COMPOSITE = 'select-composite';

/** The answer of a composite's choice, as the page's action gives it to the dialog. */
export interface CompositeSelectResult {
  intent: typeof SELECT_COMPOSITE;
  composite: CompositeGift | null;
  error: string | null;
}
