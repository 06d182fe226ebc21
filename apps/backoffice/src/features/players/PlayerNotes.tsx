import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlayerNote } from '@kometa/contracts';
import { StickyNote } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { dateTime } from '../../lib/format.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { errorText } from '../../ui/feedback.tsx';
import { formText, TextAreaField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';

const N = ru.card.notes;

/** The card's «Заметки»: operators' notes, newest first, append-only; a form for those who may add. */
export function PlayerNotes({ playerId, canAdd }: { playerId: string; canAdd: boolean }) {
  const notes = useQuery({
    queryKey: ['player-notes', playerId],
    queryFn: () => api<{ items: PlayerNote[] }>('GET', `/players/${playerId}/notes`),
  });
  const { run, fields, isBusy } = useAction();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = formText(new FormData(form), 'text');
    const isDone = await run(async () => {
      await api('POST', `/players/${playerId}/notes`, { body: { text } });
      return N.added;
    });
    if (isDone) form.reset();
  }
  const items = notes.data?.items;
  return (
    <div className="grid grid-2" style={{ alignItems: 'start' }}>
      <section className="card" aria-labelledby="notes-title">
        <div className="card-header">
          <div>
            <h2 id="notes-title">
              <StickyNote size={16} aria-hidden /> {N.title}
            </h2>
            <p className="muted small" style={{ margin: 0 }}>
              {items ? N.count(items.length) : '\u00a0'}
            </p>
          </div>
        </div>
        <div className="card-body">
          {notes.error ? (
            <div className="state" role="alert">
              {errorText(notes.error)}
            </div>
          ) : !items ? (
            <div className="skeleton" />
          ) : items.length === 0 ? (
            <div className="state">{N.empty}</div>
          ) : (
            <ol className="note-feed" aria-label={N.title}>
              {items.map((note) => (
                <li key={note.id} className="note">
                  <div className="note-meta">
                    <strong>{note.authorEmail ?? '—'}</strong>
                    <time dateTime={note.createdAt}>{dateTime(note.createdAt)}</time>
                  </div>
                  <p className="note-text">{note.text}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>
      {canAdd ? (
        <section className="card" aria-labelledby="note-add">
          <div className="card-header">
            <h2 id="note-add">{N.add}</h2>
          </div>
          <form className="card-body grid" onSubmit={(event) => void submit(event)}>
            <p className="muted small" style={{ margin: 0 }}>
              {N.lead}
            </p>
            <TextAreaField
              id="note-text"
              name="text"
              label={N.text}
              placeholder={N.hint}
              required
              maxLength={2000}
              rows={5}
              error={fields.text ? messageOf(fields.text) : undefined}
            />
            <button type="submit" className="button button-primary" disabled={isBusy}>
              {N.add}
            </button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
