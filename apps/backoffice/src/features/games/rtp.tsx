import type { LiveRtp } from '@kometa/contracts';
import { AlertTriangle } from 'lucide-react';
import { ru } from '../../i18n/ru.ts';

const t = ru.games;

/** A live RTP figure with its rounds, flagged when outside its confidence band (ADR 037). */
export function LiveRtpCell({ live }: { live: LiveRtp | undefined }) {
  if (!live || live.rtp === null) return <span className="muted">{t.noRounds}</span>;
  return (
    <div className={live.outside ? 'rtp rtp-outside' : 'rtp'}>
      <span className="rtp-value">
        {live.outside ? <AlertTriangle size={14} aria-hidden /> : null}
        {t.percent(live.rtp)}
        {live.outside && live.band ? (
          <span className="visually-hidden">
            {' '}
            {t.outsideHint(t.percent(live.band.low), t.percent(live.band.high))}
          </span>
        ) : null}
      </span>
      <span className="muted">{t.rounds(live.rounds)}</span>
    </div>
  );
}

/** The verdict on a window: outside the band, inside it, or too few rounds to say. */
export function Verdict({ live }: { live: LiveRtp }) {
  if (live.rtp === null || !live.band) return <span className="muted">{t.unknown}</span>;
  if (live.outside) return <span className="badge badge-danger">{t.outside}</span>;
  if (live.rounds < 30) return <span className="badge">{t.tooFew}</span>;
  return <span className="badge badge-success">{t.within}</span>;
}
