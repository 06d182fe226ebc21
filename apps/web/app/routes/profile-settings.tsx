import {
  data,
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { countOf, formatMoney } from '../lib/format.ts';
import { messageOf } from '../lib/messages.ts';
import { useSite } from '../lib/site-context.ts';
import { FormError } from '../ui/FormError.tsx';
import { profileApi, type TwoFactorSetup } from '../features/profile/api/profile.server.ts';
import { TwoFactorSettings } from '../features/profile/components/TwoFactorSettings.tsx';
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

/** Every setting of the page is one small form; the intent says which (each works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const profile = profileApi(await serverApi(request, context));
  const answer = await (() => {
    switch (intent) {
      case 'denomination':
        return profile.setDenomination(Number(text(form, 'denomination')));
      case 'restore-denomination':
        return profile.restoreDenomination();
      case 'auto-logout':
        return profile.setAutoLogout(form.get('autoLogout') === 'on');
      case 'reality-interval':
        return profile.setRealityInterval(Number(text(form, 'intervalMinutes')));
      case 'end-sessions':
        return profile.endOtherSessions();
      case 'two-factor-begin':
        return profile.beginTwoFactor(String(form.get('password') ?? ''));
      case 'two-factor-confirm':
        return profile.confirmTwoFactor(text(form, 'code'));
      case 'two-factor-disable':
        return profile.disableTwoFactor(String(form.get('password') ?? ''), text(form, 'code'));
      default:
        return null;
    }
  })();
  if (!answer)
    return data<SettingsResult>({ intent, ok: false, error: messageOf(undefined) }, { status: 400 });
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
  const body = answer.data as Record<string, unknown> | undefined;
  return {
    intent,
    ok: true,
    error: null,
    ...(intent === 'end-sessions' ? { ended: Number(body?.ended ?? 0) } : {}),
    ...(intent === 'two-factor-begin' ? { setup: body as unknown as TwoFactorSetup } : {}),
    ...(intent === 'two-factor-confirm' ? { recoveryCodes: body?.recoveryCodes as string[] } : {}),
  } satisfies SettingsResult;
}

/** Settings and security (spec §2.1 /profile/settings): chip value, auto-logout, reminders, 2FA, sessions. */
export default function ProfileSettings() {
  const { sessions, twoFactorEnabled, realityInterval } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const site = useSite();
  const busy = useNavigation().state === 'submitting';
  const user = site?.user;
  if (!user) return null;
  const p = ru.profile;
  const said = (intent: string) => (result?.intent === intent ? result : undefined);
  const denominations = site.settings.denominations;
  return (
    <div className="profile-grid">
      <section aria-labelledby="settings-denomination" className="profile-section">
        <h2 id="settings-denomination">{p.denomination}</h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="denomination" />
          <label className="field">
            {p.denomination}
            <select name="denomination" defaultValue={user.denomination} key={user.denomination}>
              {denominations.map((value) => (
                <option key={value} value={value}>
                  {p.chip(`${formatMoney(value)} ₽`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button-primary" disabled={busy}>
            {p.save}
          </button>
        </Form>
        {user.denominationDefaultUser !== user.denomination && (
          <Form method="post">
            <input type="hidden" name="intent" value="restore-denomination" />
            <button type="submit" className="button button-ghost" disabled={busy}>
              {p.restoreDenomination}
            </button>
          </Form>
        )}
        <Outcome result={said('denomination') ?? said('restore-denomination')} />
      </section>

      <section aria-labelledby="settings-session" className="profile-section">
        <h2 id="settings-session">{ru.protection.sessionTime}</h2>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="reality-interval" />
          <label className="field">
            {p.realityInterval}
            <select name="intervalMinutes" defaultValue={realityInterval} key={realityInterval}>
              {REALITY_INTERVALS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {countMinutes(minutes)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button-primary" disabled={busy}>
            {p.save}
          </button>
        </Form>
        <Outcome result={said('reality-interval')} />
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="auto-logout" />
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
        </Form>
        <Outcome result={said('auto-logout')} />
      </section>

      <TwoFactorSettings enabled={twoFactorEnabled} result={result} busy={busy} />

      <SessionList sessions={sessions} result={said('end-sessions')} busy={busy} />
    </div>
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
