import { useEffect } from 'react';
import {
  data,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import type { TwoFactorSetup } from '@kometa/contracts';
import { formatAmount } from '@kometa/money';
import { ru } from '../i18n/ru.ts';
import type { ApiResponse } from '../lib/api-client.ts';
import { serverApi } from '../lib/api.server.ts';
import { countOf } from '../lib/format.ts';
import { useSubmitting } from '../lib/form-route.ts';
import { messageOf } from '../lib/messages.ts';
import { useSite } from '../lib/site-context.ts';
import { FormError } from '../ui/FormError.tsx';
import { IntentButton, IntentForm } from '../ui/IntentForm.tsx';
import { profileApi } from '../features/profile/api/profile.server.ts';
import { TwoFactorSettings } from '../features/profile/components/TwoFactorSettings.tsx';
import { DEPOSIT_GIFT_KEY } from '../features/gifts/components/DepositGifts.tsx';
import { SessionList } from '../features/profile/components/SessionList.tsx';

/** Reminder intervals the player may choose, in minutes (the API takes 10 to 240). */
const REALITY_INTERVALS = [10, 15, 30, 60, 90, 120, 180, 240];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = profileApi(await serverApi(request, context));
  const [sessions, twoFactor, reality] = await Promise.all([
    profile.sessions(),
    profile.twoFactorStatus(),
    profile.realityCheck(),
  ]);
  return {
    sessions: sessions.data ?? [],
    twoFactorEnabled: twoFactor.data?.enabled ?? false,
    realityInterval: reality.data?.intervalMinutes ?? 60,
  };
}

export type SettingsResult = {
  intent: string;
  ok: boolean;
  error: string | null;
  ended?: number;
  setup?: TwoFactorSetup;
  recoveryCodes?: string[];
};

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The call an intent makes, and what its success adds to the page's result. */
async function settle(
  intent: string,
  form: FormData,
  profile: ReturnType<typeof profileApi>,
): Promise<{ answer: ApiResponse<unknown>; done: Partial<SettingsResult> } | null> {
  const plain = async (call: Promise<ApiResponse<unknown>>) => ({ answer: await call, done: {} });
  switch (intent) {
    case 'denomination':
      return plain(profile.setDenomination(Number(text(form, 'denomination'))));
    case 'restore-denomination':
      return plain(profile.restoreDenomination());
    case 'auto-logout':
      return plain(profile.setAutoLogout(form.get('autoLogout') === 'on'));
    case 'reality-interval':
      return plain(profile.setRealityInterval(Number(text(form, 'intervalMinutes'))));
    case 'end-sessions': {
      const answer = await profile.endOtherSessions();
      return { answer, done: { ended: answer.data?.ended ?? 0 } };
    }
    case 'two-factor-begin': {
      const answer = await profile.beginTwoFactor(String(form.get('password') ?? ''));
      return { answer, done: answer.data ? { setup: answer.data } : {} };
    }
    case 'two-factor-confirm': {
      const answer = await profile.confirmTwoFactor(text(form, 'code'));
      return { answer, done: answer.data ? { recoveryCodes: answer.data.recoveryCodes } : {} };
    }
    case 'two-factor-disable':
      return plain(profile.disableTwoFactor(String(form.get('password') ?? ''), text(form, 'code')));
    default:
      return null;
  }
}

/** Every setting of the page is one small form; the intent says which (each works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const settled = await settle(intent, form, profileApi(await serverApi(request, context)));
  if (!settled)
    return data<SettingsResult>({ intent, ok: false, error: messageOf(undefined) }, { status: 400 });
  const { answer, done } = settled;
  if (answer.status !== 200) {
    // A wrong first code keeps the setup on screen to try again.
    const setup =
      intent === 'two-factor-confirm'
        ? { secret: text(form, 'secret'), qrCode: text(form, 'qrCode'), otpauthUrl: '' }
        : undefined;
    return data<SettingsResult>(
      { intent, ok: false, error: messageOf(answer.error), ...(setup ? { setup } : {}) },
      { status: answer.status },
    );
  }
  return { intent, ok: true, error: null, ...done } satisfies SettingsResult;
}

/** Settings and security (spec §2.1 /profile/settings): chip value, auto-logout, reminders, 2FA, sessions. */
export default function ProfileSettings() {
  const { sessions, twoFactorEnabled, realityInterval } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const site = useSite();
  const busy = useSubmitting();
  const user = site?.user;
  if (!user) return null;
  const p = ru.profile;
  const said = (intent: string) => (result?.intent === intent ? result : undefined);
  const denominations = site.settings.denominations;
  return (
    <>
      <ForgetChosenGift changed={said('denomination')?.ok === true} />
      <div className="panel-grid">
        <section aria-labelledby="settings-denomination" className="panel">
          <h2 id="settings-denomination">{p.denomination}</h2>
          <SelectSetting
            intent="denomination"
            label={p.denomination}
            name="denomination"
            value={user.denomination}
            options={denominations.map((value) => ({
              value,
              label: p.chip(formatAmount(value, user.currency)),
            }))}
            busy={busy}
          />
          <p className="settings-note">{p.denominationGiftNote}</p>
          {user.denominationDefaultUser !== user.denomination && (
            <IntentButton intent="restore-denomination" busy={busy}>
              {p.restoreDenomination}
            </IntentButton>
          )}
          <Outcome result={said('denomination') ?? said('restore-denomination')} />
        </section>

        <section aria-labelledby="settings-session" className="panel">
          <h2 id="settings-session">{ru.protection.sessionTime}</h2>
          <SelectSetting
            intent="reality-interval"
            label={p.realityInterval}
            name="intervalMinutes"
            value={realityInterval}
            options={REALITY_INTERVALS.map((minutes) => ({ value: minutes, label: countMinutes(minutes) }))}
            busy={busy}
          />
          <Outcome result={said('reality-interval')} />
          <IntentForm intent="auto-logout" className="form">
            <label className="checkbox">
              <input
                type="checkbox"
                name="autoLogout"
                defaultChecked={user.autoLogout}
                key={String(user.autoLogout)}
              />
              {p.autoLogout}
            </label>
            <button type="submit" className="button button-ghost" disabled={busy}>
              {p.save}
            </button>
          </IntentForm>
          <Outcome result={said('auto-logout')} />
        </section>

        <TwoFactorSettings enabled={twoFactorEnabled} result={result} busy={busy} />

        <SessionList sessions={sessions} result={said('end-sessions')} busy={busy} />
      </div>
    </>
  );
}

/** Spec §3 local keys of the deposit gift the player chose (`currentDepositGiftId` and its figures). */
const CHOSEN_GIFT_KEYS = [DEPOSIT_GIFT_KEY, 'bonusFs', 'bonusPercent', 'bonusAmount'];

/**
 * Spec §4: a changed chip value clears the active gift. The server offered the waiting deposit gift
 * again (ADR 040); the browser forgets which one it had chosen.
 */
function ForgetChosenGift({ changed }: { changed: boolean }) {
  useEffect(() => {
    if (!changed) return;
    try {
      for (const key of CHOSEN_GIFT_KEYS) window.localStorage.removeItem(key);
    } catch {
      // Storage refused: nothing was remembered either.
    }
  }, [changed]);
  return null;
}

/** A setting chosen from a list, saved by its own small form. */
function SelectSetting({
  intent,
  label,
  name,
  value,
  options,
  busy,
}: {
  intent: string;
  label: string;
  name: string;
  value: number;
  options: { value: number; label: string }[];
  busy: boolean;
}) {
  return (
    <IntentForm intent={intent} className="form">
      <label className="field">
        {label}
        {/* Keyed by the saved value, so that the list shows it again after the save. */}
        <select name={name} defaultValue={value} key={value}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-primary" disabled={busy}>
        {ru.profile.save}
      </button>
    </IntentForm>
  );
}

/** "10 минут", "1 час", "3 часа": the interval with its Russian plural. */
const countMinutes = (minutes: number) =>
  minutes >= 60 && minutes % 60 === 0
    ? countOf(minutes / 60, ru.protection.hours)
    : countOf(minutes, ru.protection.minutes);

function Outcome({ result }: { result: SettingsResult | undefined }) {
  if (!result) return null;
  return result.ok ? <p role="status">{ru.profile.saved}</p> : <FormError message={result.error} />;
}
