import { useEffect } from 'react';
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useRevalidator,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { UserGift } from '@kometa/contracts';
import { formatAmount } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import { currentPlayer, serverApi } from '../lib/api.server.ts';
import { useSubmitting } from '../lib/form-route.ts';
import { formText } from '../lib/form-values.ts';
import { messageOf } from '../lib/messages.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { FormSubmit } from '../ui/FormSubmit.tsx';
import { requirePlayer } from '../features/auth/require-player.ts';
import { GiftArt } from '../features/gifts/components/GiftArt.tsx';
import { GiftTerms } from '../features/gifts/components/GiftTerms.tsx';
import '../features/gifts/components/gifts.css';
import '../features/gifts/components/welcome.css';

/** Spec §8: a code refused without a reason of its own is told with this key. */
const CODE_FALLBACK = 'phone-confirmation-gift.enter-code.error';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  const api = await serverApi(request, context);
  const id = Number(params.userGiftId);
  const answer = Number.isSafeInteger(id) && id > 0 ? await api.get<UserGift>(`/gifts/self/${id}`) : null;
  const user = currentPlayer(context);
  return {
    gift: answer?.data ?? null,
    phone: user?.phone ?? null,
    phoneConfirmed: user?.phoneConfirmed ?? false,
  };
}

export const meta: MetaFunction = () => privatePageMeta(ru.phoneGift.title);

type PhoneGiftResult =
  | { step: 'code'; phone: string; ttl: number; error: string | null }
  | { step: 'phone'; phone: string; error: string | null };

/** The phone form (POST /forms/{id}/phone sends the code) and the code (PUT /users/self/confirmPhone). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const api = await serverApi(request, context);
  const phone = formText(form, 'phone').trim();
  if (form.get('intent') === 'send-code') {
    const answer = await api.post<{ success: true; ttl: number }>(`/forms/${params.userGiftId}/phone`, {
      phone,
    });
    if (answer.data) return data<PhoneGiftResult>({ step: 'code', phone, ttl: answer.data.ttl, error: null });
    // Sent a moment ago: the code is on its way, the wait is told (code 40 with ttl).
    if (typeof answer.error?.ttl === 'number') {
      return data<PhoneGiftResult>({
        step: 'code',
        phone,
        ttl: answer.error.ttl,
        error: messageOf(answer.error),
      });
    }
    return data<PhoneGiftResult>(
      { step: 'phone', phone, error: messageOf(answer.error) },
      { status: answer.status },
    );
  }
  const code = formText(form, 'code').replace(/\D/g, '');
  const answer = await api.put<{ success: true }>('/users/self/confirmPhone', { code });
  if (answer.data) return data<PhoneGiftResult>({ step: 'code', phone, ttl: 0, error: null });
  const key = answer.error?.fields?.code ?? answer.error?.message;
  const error = (key && ru.errors.api[key]) || ru.errors.api[CODE_FALLBACK] || ru.errors.genericText;
  return data<PhoneGiftResult>({ step: 'code', phone, ttl: 0, error }, { status: answer.status });
}

function Steps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="phone-gift-steps" aria-label={ru.phoneGift.stepsLabel}>
      {ru.phoneGift.steps.map((label, index) => (
        <li
          key={label}
          className={index < current ? 'done' : index === current ? 'current' : ''}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="phone-gift-step-number">{index + 1}</span>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** The phone-confirmation gift (spec §2.1 /phone-confirmation-gift/{userGiftId}): phone, code, gift. */
export default function PhoneConfirmationGift() {
  const { gift, phone, phoneConfirmed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitting();
  const revalidator = useRevalidator();
  const credited = gift !== null && gift.state !== 'available';
  // Confirmed: the stream credits the gift within seconds; the page asks again until it shows.
  useEffect(() => {
    if (!phoneConfirmed || credited || gift?.state !== 'available') return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), 1500);
    return () => window.clearTimeout(timer);
  }, [phoneConfirmed, credited, gift, revalidator]);

  if (!gift || ['expired', 'cancelled', 'forfeited'].includes(gift.state)) {
    return (
      <main id="content" className="page phone-gift-page">
        <h1>{ru.phoneGift.title}</h1>
        <p>{ru.phoneGift.unavailable}</p>
        <Link className="button button-primary" to="/gifts">
          {ru.phoneGift.backToGifts}
        </Link>
      </main>
    );
  }
  const amount = gift.rules.amount ?? gift.bonusAmount;
  const codeStep = result?.step === 'code' && !phoneConfirmed;
  const current = credited || phoneConfirmed ? 2 : codeStep ? 1 : 0;
  return (
    <main id="content" className="page phone-gift-page">
      <section className="phone-gift-card" aria-labelledby="phone-gift-title">
        <div className="phone-gift-head">
          <GiftArt kind={gift.kind} size={96} />
          <div>
            <h1 id="phone-gift-title">{gift.title}</h1>
            <p className="phone-gift-amount">{ru.phoneGift.amount(formatAmount(amount, gift.currency))}</p>
            <p className="phone-gift-lead">{ru.phoneGift.lead}</p>
          </div>
        </div>
        <Steps current={current} />
        {credited ? (
          <div className="phone-gift-done" role="status">
            <p>{ru.phoneGift.credited}</p>
            <Link className="button button-accent" to="/gifts?tab=current">
              {ru.phoneGift.creditedAction}
            </Link>
          </div>
        ) : phoneConfirmed ? (
          <p className="phone-gift-done" role="status">
            {ru.phoneGift.confirmed}
          </p>
        ) : codeStep ? (
          <Form method="post" className="form phone-gift-form" key="code">
            <input type="hidden" name="phone" value={result.phone} />
            <label className="field">
              {ru.phoneGift.code}
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                autoFocus
                aria-describedby="phone-gift-code-hint"
              />
              <small id="phone-gift-code-hint">{ru.phoneGift.codeHint(result.phone)}</small>
            </label>
            <FormSubmit error={result.error} busy={busy} look="accent">
              {ru.phoneGift.confirm}
            </FormSubmit>
            <div className="phone-gift-links">
              <button
                type="submit"
                name="intent"
                value="send-code"
                className="button button-ghost"
                formNoValidate
              >
                {ru.phoneGift.resend}
              </button>
              <Link className="button button-ghost" to=".">
                {ru.phoneGift.otherPhone}
              </Link>
            </div>
          </Form>
        ) : (
          <Form method="post" className="form phone-gift-form" key="phone">
            <input type="hidden" name="intent" value="send-code" />
            <label className="field">
              {ru.phoneGift.phone}
              <input
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                defaultValue={result?.phone ?? phone ?? ''}
                placeholder={ru.phoneGift.phoneHint}
                required
                aria-invalid={result?.error ? true : undefined}
              />
            </label>
            <FormSubmit error={result?.error} busy={busy} look="accent">
              {ru.phoneGift.sendCode}
            </FormSubmit>
          </Form>
        )}
      </section>
      <section className="phone-gift-terms" aria-labelledby="phone-gift-terms-title">
        <h2 id="phone-gift-terms-title">{ru.phoneGift.terms}</h2>
        <GiftTerms gift={gift} />
      </section>
    </main>
  );
}
