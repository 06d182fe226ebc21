import { useState, type FormEvent } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import type { ApprovalRequest, GiftState, OperatorProfile, PlayerGiftRow } from '@kometa/contracts';
import { Ban, Gift } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime, money } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { Badge, errorText } from '../../ui/feedback.tsx';
import { FormDialog, formText, TextAreaField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';
import { PlayerAbuseFlags } from './PlayerAbuseFlags.tsx';

const t = ru.bonuses;
const STATE_TONES: Record<GiftState, 'success' | 'danger' | 'warning' | 'primary' | 'plain'> = {
  available: 'primary',
  active: 'primary',
  wagering: 'warning',
  completed: 'success',
  depleted: 'plain',
  expired: 'plain',
  cancelled: 'danger',
  forfeited: 'danger',
};
const unixText = (seconds: number | null) =>
  seconds ? dateTime(new Date(seconds * 1000).toISOString()) : '—';

interface Answer {
  items: PlayerGiftRow[];
  offers: { id: number; title: string; kind: PlayerGiftRow['kind']; currency: string; value: number }[];
  grantThreshold: number;
}

/** A new key per grant form: a retried request gives one gift (the reward id, ADR 033). */
const newKey = () => crypto.randomUUID();

function Progress({ gift }: { gift: PlayerGiftRow }) {
  if (gift.requiredWager === 0) return <span className="muted">—</span>;
  const share = Math.min(1, gift.currentWager / gift.requiredWager);
  return (
    <div className="wager">
      <div
        className="wager-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={gift.requiredWager}
        aria-valuenow={gift.currentWager}
        aria-label={t.wagering}
      >
        <span style={{ width: `${share * 100}%` }} />
      </div>
      <span className="muted nowrap">
        {money(gift.currentWager, gift.currency)} / {money(gift.requiredWager, gift.currency)}
      </span>
    </div>
  );
}

/** The player's "Бонусы" tab: their gifts with state and wagering, a grant by hand, a cancel with a reason. */
export function PlayerBonuses({ playerId }: { playerId: string }) {
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canGrant = me?.permissions.includes('bonuses.grant') ?? false;
  const canCancel = me?.permissions.includes('bonuses.cancel') ?? false;
  const loaded = useQuery({
    queryKey: ['player-bonuses', playerId],
    queryFn: () => api<Answer>('GET', `/players/${playerId}/bonuses`),
  });
  const [key, setKey] = useState(newKey);
  const granting = useAction();
  const cancelling = useAction();
  const [giftToCancel, setGiftToCancel] = useState<PlayerGiftRow | null>(null);

  async function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = event.currentTarget;
    granting.setFields({});
    const isDone = await granting.run(async () => {
      const answer = await api<{ status: 'applied' | 'pending'; approval: ApprovalRequest | null }>(
        'POST',
        `/players/${playerId}/bonuses`,
        {
          body: {
            offerId: Number(form.get('offerId')) || 0,
            reason: formText(form, 'reason'),
            idempotencyKey: key,
          },
        },
      );
      return answer.status === 'applied' ? t.granted : t.grantPending(answer.approval!.id);
    });
    if (isDone) {
      target.reset();
      setKey(newKey());
    }
  }

  async function cancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!giftToCancel) return;
    const reason = formText(new FormData(event.currentTarget), 'reason');
    const gift = giftToCancel;
    const isDone = await cancelling.run(async () => {
      await api('POST', `/players/${playerId}/bonuses/${gift.id}/cancel`, { body: { reason } });
      return t.cancelled;
    });
    if (isDone) setGiftToCancel(null);
  }

  if (loaded.error)
    return (
      <div className="card state" role="alert">
        {errorText(loaded.error)}
      </div>
    );
  const data = loaded.data;
  const open = (gift: PlayerGiftRow) => ['available', 'active', 'wagering'].includes(gift.state);

  return (
    <div
      className="grid offer-page"
      style={{
        gridTemplateColumns: canGrant ? 'minmax(0, 1fr) 300px' : '1fr',
        alignItems: 'start',
      }}
    >
      <section className="card" aria-labelledby="player-gifts">
        <div className="card-header">
          <h2 id="player-gifts">{t.playerGifts}</h2>
          {data ? <span className="muted">{t.gifts(data.items.length)}</span> : null}
        </div>
        {!data ? (
          <div className="card-body">
            <div className="skeleton" />
          </div>
        ) : data.items.length === 0 ? (
          <div className="state">{t.noGifts}</div>
        ) : (
          <div className="table-wrap">
            <table className="table table-cards">
              <caption className="visually-hidden">{t.playerGifts}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.title}</th>
                  <th scope="col">{t.state}</th>
                  <th scope="col" className="num">
                    {t.bonusAmount}
                  </th>
                  <th scope="col">{t.wagering}</th>
                  <th scope="col">
                    <span className="visually-hidden">{ru.common.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((gift) => (
                  <tr key={gift.id} data-testid={`gift-${gift.id}`}>
                    <td data-label={t.title}>
                      <div className="wide-cell">{gift.title}</div>
                      <div className="muted">
                        {t.kinds[gift.kind]} · {t.sourceText(gift.source)}
                      </div>
                      <div className="muted nowrap">
                        {t.givenAt.toLowerCase()} {unixText(gift.createdAt)}
                      </div>
                    </td>
                    <td data-label={t.state} className="nowrap">
                      <Badge tone={STATE_TONES[gift.state]}>{t.giftStates[gift.state]}</Badge>
                      {gift.finishedAt ? (
                        <div className="muted">
                          {gift.finishReason ? `${gift.finishReason} · ` : ''}
                          {unixText(gift.finishedAt)}
                        </div>
                      ) : gift.expiresAt ? (
                        <div className="muted">
                          {t.expires} {unixText(gift.expiresAt)}
                        </div>
                      ) : null}
                    </td>
                    <td data-label={t.bonusAmount} className="num nowrap">
                      {gift.bonusAmount > 0 ? money(gift.bonusAmount, gift.currency) : '—'}
                      {gift.finishedAt && (gift.converted > 0 || gift.forfeited > 0) ? (
                        <div className="muted">
                          {t.resultText(
                            money(gift.converted, gift.currency),
                            money(gift.forfeited, gift.currency),
                          )}
                        </div>
                      ) : null}
                    </td>
                    <td data-label={t.wagering}>
                      <Progress gift={gift} />
                    </td>
                    <td>
                      {canCancel && open(gift) ? (
                        <button
                          type="button"
                          className="button button-small"
                          onClick={() => {
                            cancelling.setFields({});
                            setGiftToCancel(gift);
                          }}
                        >
                          <Ban size={14} aria-hidden /> {t.cancel}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {canGrant ? (
        <section className="card" aria-labelledby="grant">
          <div className="card-header">
            <h2 id="grant">{t.grantTitle}</h2>
          </div>
          <form className="card-body grid" onSubmit={(event) => void grant(event)} noValidate>
            <p className="muted" style={{ margin: 0 }}>
              {t.grantLead(money(data?.grantThreshold ?? 100_000, 'RUB'))}
            </p>
            <div className="field">
              <label htmlFor="grant-offer">{t.grantOffer}</label>
              <select
                id="grant-offer"
                name="offerId"
                className="select"
                required
                defaultValue=""
                aria-invalid={granting.fields.offerId ? true : undefined}
              >
                <option value="" disabled>
                  {data && data.offers.length === 0 ? t.noOffers : t.chooseOffer}
                </option>
                {data?.offers.map((offer) => (
                  <option key={offer.id} value={offer.id}>
                    №{offer.id} · {offer.title}
                    {offer.value > 0 ? ` · ${money(offer.value, offer.currency)}` : ''}
                  </option>
                ))}
              </select>
              {granting.fields.offerId ? (
                <span className="error">{messageOf(granting.fields.offerId)}</span>
              ) : null}
            </div>
            <TextAreaField
              id="grant-reason"
              name="reason"
              label={t.reason}
              required
              minLength={3}
              maxLength={500}
              placeholder={t.reasonHint}
              error={granting.fields.reason ? messageOf(granting.fields.reason) : undefined}
            />
            <button type="submit" className="button button-primary" disabled={granting.isBusy || !data}>
              <Gift size={16} aria-hidden /> {t.grant}
            </button>
          </form>
        </section>
      ) : null}
      <PlayerAbuseFlags playerId={playerId} />
      <FormDialog
        title={giftToCancel ? t.cancelTitle(giftToCancel.title) : t.cancel}
        open={giftToCancel !== null}
        onClose={() => setGiftToCancel(null)}
        formId="cancel-gift-form"
        submitLabel={t.cancelConfirm}
        isDanger
      >
        <form id="cancel-gift-form" className="grid" onSubmit={(event) => void cancel(event)} noValidate>
          <p className="muted" style={{ margin: 0 }}>
            {t.cancelLead}
          </p>
          <TextAreaField
            id="cancel-reason"
            name="reason"
            label={t.reason}
            required
            minLength={3}
            maxLength={500}
            error={cancelling.fields.reason ? messageOf(cancelling.fields.reason) : undefined}
          />
        </form>
      </FormDialog>
    </div>
  );
}
