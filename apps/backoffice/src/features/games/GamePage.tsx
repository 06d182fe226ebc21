import { useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import {
  GAME_IMAGE_MAX_BYTES,
  GAME_IMAGE_TYPES,
  GAME_VOLATILITIES,
  type GameAdminRow,
  type GameVolatility,
  type OperatorProfile,
} from '@kometa/contracts';
import { ArrowLeft, Eye, EyeOff, ImageUp, Plus, X } from 'lucide-react';
import { api } from '../../lib/api.ts';
import { messageOf, ru } from '../../i18n/ru.ts';
import { Badge, PageHeader } from '../../ui/feedback.tsx';
import { SelectField, TextField } from '../../ui/form.tsx';
import { useAction } from '../../ui/use-action.ts';
import { Verdict } from './rtp.tsx';

const t = ru.games;
type GameDetail = GameAdminRow & { knownTags: { tag: string; name: string }[] };

/** A file as base64 (without the data: prefix), as the upload route takes it. */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** A game: its card (name, tags, volatility), cover, switch, and live RTP per window (ADR 037). */
export function GamePage() {
  const { id } = useParams();
  const game = useQuery({ queryKey: ['game', id], queryFn: () => api<GameDetail>('GET', `/games/${id}`) });
  const { data: me } = useGetIdentity<OperatorProfile>();
  const canManage = me?.permissions.includes('games.manage') ?? false;

  if (game.isLoading) return <div className="card state">{ru.common.loading}</div>;
  if (!game.data) return <div className="card state">{messageOf('errors.games_admin.game_not_found')}</div>;
  return (
    <GameEditor
      key={`${game.data.id}:${game.data.title}:${game.data.tags.join()}`}
      game={game.data}
      canManage={canManage}
    />
  );
}

function GameEditor({ game, canManage }: { game: GameDetail; canManage: boolean }) {
  const action = useAction();
  const upload = useAction({ fieldErrors: false });
  const [tags, setTags] = useState(game.tags);
  const [draftTag, setDraftTag] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const tagName = new Map(game.knownTags.map((known) => [known.tag, known.name]));
  const fieldError = (name: string) => (action.fields[name] ? messageOf(action.fields[name]) : undefined);
  const tagsError = Object.entries(action.fields).find(([field]) => field.startsWith('tags'))?.[1];

  function addTag() {
    const tag = draftTag.trim().toLowerCase();
    if (tag && !tags.includes(tag)) setTags([...tags, tag]);
    setDraftTag('');
  }
  function onTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      addTag();
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void action.run(async () => {
      await api('PUT', `/games/${game.id}`, {
        body: {
          title: String(form.get('title') ?? ''),
          tags: draftTag.trim() ? [...tags, draftTag.trim().toLowerCase()] : tags,
          volatility: String(form.get('volatility')) as GameVolatility,
        },
      });
      setDraftTag('');
      return t.saved;
    });
  }

  function toggle() {
    if (game.active && !window.confirm(t.confirmDisable(game.title))) return;
    void action.run(async () => {
      await api('POST', `/games/${game.id}/${game.active ? 'disable' : 'enable'}`);
      return game.active ? t.disabled(game.title) : t.enabled(game.title);
    });
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setFileError(null);
    if (!(GAME_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setFileError(messageOf('errors.games_admin.image_type'));
      return;
    }
    if (file.size > GAME_IMAGE_MAX_BYTES) {
      setFileError(messageOf('errors.games_admin.image_too_large'));
      return;
    }
    const data = await base64Of(file);
    await upload.run(async () => {
      await api('POST', `/games/${game.id}/image`, { body: { contentType: file.type, data } });
      return t.uploaded;
    });
  }

  return (
    <>
      <Link to="/games" className="back-link">
        <ArrowLeft size={16} aria-hidden /> {t.back}
      </Link>
      <PageHeader
        title={game.title}
        lead={`${game.developer} · ${game.provider}:${game.code}`}
        actions={
          <div className="header-actions">
            {game.active ? (
              <Badge tone="success">{t.states.active}</Badge>
            ) : (
              <Badge tone="danger">{t.states.disabled}</Badge>
            )}
            {canManage ? (
              <button
                type="button"
                className={game.active ? 'button button-danger' : 'button button-primary'}
                onClick={toggle}
                disabled={action.isBusy}
              >
                {game.active ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}{' '}
                {game.active ? t.disable : t.enable}
              </button>
            ) : null}
          </div>
        }
      />
      <div className="game-layout">
        <section className="card" aria-labelledby="game-card-title">
          <div className="card-header">
            <h2 id="game-card-title">{t.card}</h2>
          </div>
          <form className="card-body grid" onSubmit={save}>
            <TextField
              id="game-title"
              name="title"
              label={t.name}
              defaultValue={game.title}
              maxLength={120}
              required
              disabled={!canManage}
              error={fieldError('title')}
            />
            <div className="field">
              <label htmlFor="game-tag">{t.tags}</label>
              <ul className="tag-list" aria-label={t.tags}>
                {tags.length === 0 ? <li className="muted">{t.noTags}</li> : null}
                {tags.map((tag) => (
                  <li key={tag} className="tag-chip">
                    <span>{tagName.get(tag) ?? tag}</span>
                    <span className="muted mono">{tag}</span>
                    {canManage ? (
                      <button
                        type="button"
                        className="tag-remove"
                        aria-label={t.removeTag(tag)}
                        onClick={() => setTags(tags.filter((other) => other !== tag))}
                      >
                        <X size={12} aria-hidden />
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
              {canManage ? (
                <div className="tag-add">
                  <input
                    id="game-tag"
                    className="input"
                    list="known-tags"
                    value={draftTag}
                    onChange={(event) => setDraftTag(event.target.value)}
                    onKeyDown={onTagKey}
                    aria-describedby="game-tag-hint"
                    aria-invalid={tagsError ? true : undefined}
                  />
                  <button type="button" className="button" onClick={addTag}>
                    <Plus size={14} aria-hidden /> {t.addTag}
                  </button>
                  <datalist id="known-tags">
                    {game.knownTags.map((known) => (
                      <option key={known.tag} value={known.tag}>
                        {known.name}
                      </option>
                    ))}
                  </datalist>
                </div>
              ) : null}
              <span id="game-tag-hint" className="hint">
                {t.tagsHint}
              </span>
              {tagsError ? <span className="error">{messageOf(tagsError)}</span> : null}
            </div>
            <SelectField
              id="game-volatility"
              name="volatility"
              label={t.volatility}
              hint={t.volatilityHint}
              defaultValue={game.volatility}
              disabled={!canManage}
              options={GAME_VOLATILITIES.map((v) => [v, t.volatilities[v]] as const)}
            />
            {canManage ? (
              <div>
                <button type="submit" className="button button-primary" disabled={action.isBusy}>
                  {t.save}
                </button>
              </div>
            ) : null}
          </form>
        </section>

        <section className="card" aria-labelledby="game-cover-title">
          <div className="card-header">
            <h2 id="game-cover-title">{t.cover}</h2>
          </div>
          <div className="card-body grid">
            <img
              className="cover-preview"
              src={
                game.image.endsWith('.svg')
                  ? game.image.replace(/\.svg$/, '.webp?w=480')
                  : `${game.image}&w=480`
              }
              alt={game.title}
              width={480}
              height={360}
            />
            {canManage ? (
              <div className="field">
                <label htmlFor="game-cover" className="button upload-button">
                  <ImageUp size={16} aria-hidden /> {upload.isBusy ? t.uploading : t.upload}
                </label>
                <input
                  id="game-cover"
                  type="file"
                  className="visually-hidden"
                  accept={GAME_IMAGE_TYPES.join(',')}
                  onChange={(event) => void onFile(event)}
                  aria-describedby="game-cover-hint"
                  disabled={upload.isBusy}
                />
                <span id="game-cover-hint" className="hint">
                  {t.coverHint}
                </span>
                {fileError ? (
                  <span className="error" role="alert">
                    {fileError}
                  </span>
                ) : null}
              </div>
            ) : null}
          </div>
        </section>

        <section className="card game-rtp" aria-labelledby="game-rtp-title">
          <div className="card-header">
            <h2 id="game-rtp-title">{t.rtpTitle}</h2>
          </div>
          <div className="card-body grid">
            <div className="rtp-facts">
              <div className="stat">
                <span className="stat-label">{t.theoretical}</span>
                <span className="stat-value">{game.rtp === null ? t.unknown : t.percent(game.rtp)}</span>
              </div>
              <div className="stat">
                <span className="stat-label">{t.volatility}</span>
                <span className="stat-value">{t.volatilities[game.volatility]}</span>
              </div>
            </div>
            <p className="muted" style={{ margin: 0 }}>
              {t.rtpLead}
            </p>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t.rtpTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.window}</th>
                    <th scope="col" className="num">
                      {t.live}
                    </th>
                    <th scope="col" className="num">
                      {t.roundsHeader}
                    </th>
                    <th scope="col" className="num">
                      {t.staked}
                    </th>
                    <th scope="col" className="num">
                      {t.returned}
                    </th>
                    <th scope="col" className="num">
                      {t.band}
                    </th>
                    <th scope="col">{t.verdict}</th>
                  </tr>
                </thead>
                <tbody>
                  {game.live.map((live) => (
                    <tr key={live.window}>
                      <th scope="row">{t.windows[live.window]}</th>
                      <td className="num">{live.rtp === null ? t.unknown : t.percent(live.rtp)}</td>
                      <td className="num">{live.rounds.toLocaleString('ru-RU')}</td>
                      <td className="num">{t.sumMinor(live.staked)}</td>
                      <td className="num">{t.sumMinor(live.returned)}</td>
                      <td className="num">
                        {live.band ? `${t.percent(live.band.low)} – ${t.percent(live.band.high)}` : t.unknown}
                      </td>
                      <td>
                        <Verdict live={live} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="hint" style={{ margin: 0 }}>
              {t.mixedCurrencies}
            </p>
          </div>
        </section>
      </div>
    </>
  );
}
