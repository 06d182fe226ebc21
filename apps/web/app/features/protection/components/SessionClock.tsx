import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ru } from '../../../i18n/ru.ts';
import { formatClock } from '../../../lib/format.ts';
import { realityCheckQueryOptions } from '../api/reality-check.ts';

/** The session's elapsed time (PRODUCT.md: the site shows it), ticking each second from the login. */
export function SessionClock() {
  const { data } = useQuery(realityCheckQueryOptions());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const started = data?.data?.sessionStartedAt;
  if (started === undefined) return null;
  return (
    <span className="session-clock" title={ru.protection.sessionTime} data-testid="session-clock">
      <span className="visually-hidden">{ru.protection.sessionTime}: </span>
      {formatClock(now / 1000 - started)}
    </span>
  );
}
