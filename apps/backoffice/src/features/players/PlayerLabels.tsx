import { PLAYER_LABELS, type PlayerLabel } from '@kometa/contracts';
import { Tag } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { ru } from '../../i18n/ru.ts';
import { Badge } from '../../ui/feedback.tsx';
import { useAction } from '../../ui/use-action.ts';

const L = ru.card.labels;
const TONES: Record<PlayerLabel, 'primary' | 'warning' | 'danger'> = {
  vip: 'primary',
  tester: 'warning',
  fake: 'danger',
};

/** A player's labels as badges (the list, the card's header). */
export function LabelBadges({ labels }: { labels: readonly PlayerLabel[] }) {
  if (labels.length === 0) return <span className="muted">—</span>;
  return (
    <span className="label-badges">
      {labels.map((label) => (
        <Badge key={label} tone={TONES[label]}>
          {L.names[label]}
        </Badge>
      ))}
    </span>
  );
}

/** The card's labels: switches for an operator who may set them, badges for the others. */
export function PlayerLabels(props: { playerId: string; labels: readonly PlayerLabel[]; canEdit: boolean }) {
  const { run, isBusy } = useAction({ fieldErrors: false });
  const toggle = (label: PlayerLabel, isOn: boolean) =>
    run(async () => {
      await api(isOn ? 'DELETE' : 'PUT', `/players/${props.playerId}/labels/${label}`);
      return isOn ? L.cleared(L.names[label]) : L.set(L.names[label]);
    });
  return (
    <section className="card" aria-labelledby="player-labels">
      <div className="card-header">
        <h2 id="player-labels">
          <Tag size={16} aria-hidden /> {L.title}
        </h2>
      </div>
      <div className="card-body grid">
        {props.canEdit ? (
          <div className="label-switches" role="group" aria-labelledby="player-labels">
            {PLAYER_LABELS.map((label) => {
              const isOn = props.labels.includes(label);
              return (
                <button
                  key={label}
                  type="button"
                  className={`label-switch label-${label}`}
                  aria-pressed={isOn}
                  disabled={isBusy}
                  onClick={() => void toggle(label, isOn)}
                >
                  {L.names[label]}
                </button>
              );
            })}
          </div>
        ) : props.labels.length === 0 ? (
          <span className="muted">{L.none}</span>
        ) : (
          <LabelBadges labels={props.labels} />
        )}
        <p className="muted small" style={{ margin: 0 }}>
          {L.lead}
        </p>
      </div>
    </section>
  );
}
