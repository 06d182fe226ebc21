import {
  CSV_MAX_ROWS,
  GAME_IMAGE_MAX_BYTES,
  GAME_IMAGE_MIN,
  GAME_SET_SLUGS,
  GamesAdminMessage,
  RTP_WINDOWS,
  type GAME_ADMIN_SORTS,
  type GameAdminRow,
  type GameAdminUpdate,
  type RtpWindow,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { toCsv } from '../../platform/http/csv.ts';
import type { AuditWriter, SignedInOperator } from '../operators/index.ts';
import { listWindow } from '../operators/index.ts';
import {
  GAME_ADMIN_COLUMNS,
  type GameAdminRecord,
  type GamesAdminRepository,
} from './games-admin.repository.ts';
import { normalizedCover } from './game-image.ts';
import { liveRtpOf, type Play } from './live-rtp.ts';

/** What the games screens need of other modules (bound in the composition). */
export interface GamesAdminPorts {
  audit: AuditWriter;
  /** Settled play per game since a moment (null: all time), from the seamless wallet's rounds. */
  gamePlay: (
    games: { provider: string; code: string }[],
    since: Date | null,
  ) => Promise<({ provider: string; code: string } & Play)[]>;
}

const WINDOW_MS: Record<RtpWindow, number | null> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  all: null,
};
const CHANGE_ACTIONS = { enable: 'game.enable', disable: 'game.disable' } as const;
type Sort = (typeof GAME_ADMIN_SORTS)[number];

/** A list of ids is an order of `known` when it holds each of them exactly once. */
const isOrderOf = (ids: number[], known: number[]) =>
  ids.length === known.length && new Set(ids).size === ids.length && ids.every((id) => known.includes(id));

/**
 * Games in the back office (issue 18 item 5, ADR 037): switched on and off, renamed, re-tagged, given
 * art; tabs and sets put in order; each with its theoretical and live RTP. Every change writes its
 * audit row in its own transaction, then empties the lobby's caches (`lobbyChanged`), so the site
 * shows it at once.
 */
export function createGamesAdminService(deps: {
  db: Db;
  clock: Clock;
  repository: GamesAdminRepository;
  ports: GamesAdminPorts;
  lobbyChanged: () => Promise<void>;
}) {
  const { repository, ports } = deps;
  const now = () => new Date(deps.clock.now());

  /** The games with their live RTP over each window. */
  async function withRtp(records: GameAdminRecord[]): Promise<GameAdminRow[]> {
    const keys = records.map((r) => ({ provider: r.provider, code: r.code }));
    const at = deps.clock.now();
    const plays = await Promise.all(
      RTP_WINDOWS.map(async (window) => {
        const ms = WINDOW_MS[window];
        const rows = await ports.gamePlay(keys, ms === null ? null : new Date(at - ms));
        return new Map(rows.map((row) => [`${row.provider}/${row.code}`, row]));
      }),
    );
    return records.map((r) => {
      const rtp = r.rtpBp === null ? null : r.rtpBp / 100;
      return {
        id: r.id,
        slug: r.slug,
        title: r.title,
        provider: r.provider,
        code: r.code,
        developer: r.developer,
        image: r.image,
        tags: r.tags,
        active: r.active,
        rtp,
        volatility: r.volatility,
        live: RTP_WINDOWS.map((window, i) =>
          liveRtpOf(window, plays[i]!.get(`${r.provider}/${r.code}`), rtp, r.volatility),
        ),
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async function record(id: number, executor?: Db): Promise<GameAdminRecord> {
    const found = await repository.one(id, executor);
    if (!found) throw new AppError('NOT_FOUND', { message: GamesAdminMessage.gameNotFound });
    return found;
  }

  async function detail(id: number) {
    const [row] = await withRtp([await record(id)]);
    return { ...row!, knownTags: await repository.knownTags() };
  }

  const audited = (r: GameAdminRecord) => ({
    title: r.title,
    tags: r.tags,
    volatility: r.volatility,
    active: r.active,
    image: r.image,
  });

  /** One change in one transaction with its audit row; then the lobby's caches go. */
  async function change(
    id: number,
    operator: SignedInOperator,
    action: string,
    apply: (game: GameAdminRecord, tx: Db) => Promise<void>,
  ) {
    await deps.db.transaction(async (tx) => {
      const before = await record(id, tx);
      await apply(before, tx);
      const after = await record(id, tx);
      await ports.audit(
        operator,
        { action, targetType: 'game', targetId: String(id), before: audited(before), after: audited(after) },
        tx,
      );
    });
    await deps.lobbyChanged();
    return detail(id);
  }

  return {
    async list(query: {
      query?: string | undefined;
      provider?: string | undefined;
      state?: 'active' | 'disabled' | undefined;
      sort?: Sort | undefined;
      order: 'asc' | 'desc';
      page?: number;
      pageSize?: number;
    }) {
      const window = listWindow(GAME_ADMIN_COLUMNS, query, 'id', CSV_MAX_ROWS);
      const { rows, total } = await repository.list(query, window);
      return {
        items: await withRtp(rows),
        total,
        page: query.page ?? 1,
        pageSize: query.pageSize ?? rows.length,
      };
    },

    csv(items: GameAdminRow[]): string {
      const percent = (value: number | null) => (value === null ? '' : value.toFixed(2));
      return toCsv(
        [
          'id',
          'название',
          'провайдер',
          'код',
          'студия',
          'включена',
          'теоретический RTP, %',
          'волатильность',
          ...RTP_WINDOWS.flatMap((w) => [`RTP ${w}, %`, `раундов ${w}`, `вне коридора ${w}`]),
          'теги',
        ],
        items.map((g) => [
          g.id,
          g.title,
          g.provider,
          g.code,
          g.developer,
          g.active ? 'да' : 'нет',
          percent(g.rtp),
          g.volatility,
          ...g.live.flatMap((l) => [percent(l.rtp), l.rounds, l.outside ? 'да' : 'нет']),
          g.tags.join(' '),
        ]),
      );
    },

    game: detail,

    setActive(id: number, active: boolean, operator: SignedInOperator) {
      return change(id, operator, CHANGE_ACTIONS[active ? 'enable' : 'disable'], (game, tx) =>
        repository.setActive(game, active, tx),
      );
    },

    update(id: number, input: GameAdminUpdate, operator: SignedInOperator) {
      const tags = [...new Set(input.tags)];
      return change(id, operator, 'game.update', (game, tx) =>
        repository.update(game, { title: input.title, tags, volatility: input.volatility }, tx),
      );
    },

    async uploadImage(
      id: number,
      file: { contentType: 'image/jpeg' | 'image/png' | 'image/webp'; data: string },
      operator: SignedInOperator,
    ) {
      const bytes = Buffer.from(file.data, 'base64');
      if (bytes.length > GAME_IMAGE_MAX_BYTES) {
        throw new AppError('VALIDATION_ERROR', { fields: { data: GamesAdminMessage.imageTooLarge } });
      }
      const cover = await normalizedCover(bytes, file.contentType, GAME_IMAGE_MIN);
      if (!cover.ok) {
        const message =
          cover.reason === 'type' ? GamesAdminMessage.imageType : GamesAdminMessage.imageTooSmall;
        throw new AppError('VALIDATION_ERROR', { fields: { data: message } });
      }
      return change(id, operator, 'game.image', (game, tx) =>
        repository.setImage(
          game.id,
          {
            hash: cover.hash,
            bytes: cover.bytes,
            url: `/api/v18/game-images/${game.slug}.webp?v=${cover.hash}`,
            at: now(),
          },
          tx,
        ),
      );
    },

    tabs: () => repository.tabs(),

    async orderTabs(ids: number[], operator: SignedInOperator) {
      await deps.db.transaction(async (tx) => {
        const before = await repository.tabs(tx);
        if (
          !isOrderOf(
            ids,
            before.map((tab) => tab.id),
          )
        ) {
          throw new AppError('VALIDATION_ERROR', { fields: { ids: GamesAdminMessage.badOrder } });
        }
        await repository.orderTabs(ids, tx);
        const after = await repository.tabs(tx);
        await ports.audit(
          operator,
          {
            action: 'lobby.tabs_order',
            targetType: 'lobby',
            targetId: 'tabs',
            before: { order: before.map((tab) => tab.slug) },
            after: { order: after.map((tab) => tab.slug) },
          },
          tx,
        );
      });
      await deps.lobbyChanged();
      return repository.tabs();
    },

    sets: () => repository.sets(GAME_SET_SLUGS),

    async orderSet(slug: (typeof GAME_SET_SLUGS)[number], gameIds: number[], operator: SignedInOperator) {
      await deps.db.transaction(async (tx) => {
        const before = (await repository.sets([slug], tx))[0]!.games.map((game) => game.id);
        if (!isOrderOf(gameIds, before)) {
          throw new AppError('VALIDATION_ERROR', { fields: { gameIds: GamesAdminMessage.badOrder } });
        }
        await repository.orderSet(slug, gameIds, tx);
        await ports.audit(
          operator,
          {
            action: 'lobby.set_order',
            targetType: 'game_set',
            targetId: slug,
            before: { order: before },
            after: { order: gameIds },
          },
          tx,
        );
      });
      await deps.lobbyChanged();
      return repository.sets(GAME_SET_SLUGS);
    },
  };
}

export type GamesAdminService = ReturnType<typeof createGamesAdminService>;
