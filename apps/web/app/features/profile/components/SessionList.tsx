import { formatDateTime } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { FormError } from '../../../ui/FormError.tsx';
import { IntentButton } from '../../../ui/IntentForm.tsx';
import type { SessionInfo } from '@kometa/contracts';

/** A session's device in a few words, from its browser's user agent. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return ru.profile.unknownDevice;
  const browser = /(Edg|OPR|YaBrowser|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1];
  const system = /(Android|iPhone|iPad|Windows|Mac OS X|Linux)/.exec(userAgent)?.[1];
  const parts = [
    browser ? (ru.profile.browsers[browser] ?? browser) : null,
    system === 'Mac OS X' ? 'macOS' : system,
  ];
  return parts.filter(Boolean).join(', ') || ru.profile.unknownDevice;
}

/** The player's live sessions, this one marked, and a way to end all the others. */
export function SessionList({
  sessions,
  result,
  busy,
}: {
  sessions: SessionInfo[];
  result: { ok: boolean; error: string | null; ended?: number } | undefined;
  busy: boolean;
}) {
  const p = ru.profile;
  return (
    <section aria-labelledby="settings-sessions" className="panel">
      <h2 id="settings-sessions">{p.sessions}</h2>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id}>
            <strong>{deviceOf(session.userAgent)}</strong>
            {session.current && <span className="badge">{p.sessionCurrent}</span>}
            <br />
            <small>
              {session.ip ?? ''} · {p.sessionStarted} {formatDateTime(session.createdAt)} · {p.sessionSeen}{' '}
              {formatDateTime(session.lastSeenAt)}
            </small>
          </li>
        ))}
      </ul>
      {sessions.some((session) => !session.current) && (
        <IntentButton intent="end-sessions" busy={busy}>
          {p.endOthers}
        </IntentButton>
      )}
      {result?.ok && <p role="status">{p.othersEnded(String(result.ended ?? 0))}</p>}
      <FormError message={result?.error} />
    </section>
  );
}
