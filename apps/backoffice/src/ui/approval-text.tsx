import type { ApprovalRequest } from '@kometa/contracts';
import { money } from '../lib/format.ts';
import { ru } from '../i18n/ru.ts';

/** How an approval request reads (the queue, the dashboard). A request's amount with its sign and colour. */
export function SignedAmount({ amount, currency }: { amount: number | null; currency: string | null }) {
  if (amount === null || currency === null) return <>—</>;
  return (
    <span
      className={amount < 0 ? 'amount-minus' : 'amount-plus'}
    >{`${amount > 0 ? '+' : ''}${money(amount, currency)}`}</span>
  );
}

export const targetText = (request: Pick<ApprovalRequest, 'targetType' | 'targetId'>) =>
  request.targetType === 'player'
    ? ru.approvals.player(request.targetId)
    : request.targetType === 'payment'
      ? ru.payments.detailTitle(Number(request.targetId))
      : `${request.targetType} ${request.targetId}`;

export const reasonOf = (request: ApprovalRequest) =>
  typeof request.payload.reason === 'string' ? request.payload.reason : '';
