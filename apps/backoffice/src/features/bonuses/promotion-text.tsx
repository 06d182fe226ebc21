import type { PromotionAdminRow } from '@kometa/contracts';
import { ru } from '../../i18n/ru.ts';
import { Badge } from '../../ui/feedback.tsx';

const TONES = {
  live: 'success',
  soon: 'primary',
  ended: 'plain',
  inactive: 'warning',
} as const satisfies Record<PromotionAdminRow['state'], string>;

/** «На сайте», «Скоро», «Закончилась», «Выключена». */
export function PromotionStateBadge({ state }: { state: PromotionAdminRow['state'] }) {
  return <Badge tone={TONES[state]}>{ru.promotions.states[state]}</Badge>;
}
