import { CSV_MAX_ROWS, type AbuseFlagRow, type AbuseMatch } from '@kometa/contracts';
import { toCsv } from '../../platform/http/csv.ts';
import { listPage, listWindow } from '../operators/index.ts';
import {
  ABUSE_FLAG_COLUMNS,
  type AbuseFlagFilters,
  type AbuseFlagsRepository,
} from './abuse-flags.repository.ts';

/** What matched, as the CSV's explanation column says it (the back office has the same in its catalogue). */
const MATCHED_ON: Record<AbuseMatch, string> = {
  email: 'Тот же e-mail',
  phone: 'Тот же телефон',
  device: 'То же устройство',
  payment_details: 'Те же платёжные реквизиты',
};

/** The operator's view of bonus-abuse flags (issue 17 item 9): a list over all players and a player's own. */
export function createAbuseFlagsService(repository: AbuseFlagsRepository) {
  return {
    async list(
      query: AbuseFlagFilters & {
        sort?: keyof typeof ABUSE_FLAG_COLUMNS | undefined;
        order: 'asc' | 'desc';
        page?: number;
        pageSize?: number;
      },
    ) {
      const window = listWindow(ABUSE_FLAG_COLUMNS, query, 'at', CSV_MAX_ROWS);
      const { rows, total } = await repository.list(query, window);
      return listPage(rows, total, query);
    },

    async ofPlayer(playerId: number) {
      const window = listWindow(ABUSE_FLAG_COLUMNS, { order: 'desc' }, 'at', 500);
      const { rows } = await repository.list({ playerId }, window);
      return { items: rows };
    },

    csv(rows: AbuseFlagRow[]): string {
      return toCsv(
        [
          'id',
          'когда',
          'игрок',
          'e-mail игрока',
          'совпадение',
          'пояснение',
          'совпавший игрок',
          'e-mail совпавшего',
          'подарок',
          'предложение',
        ],
        rows.map((r) => [
          r.id,
          r.at,
          r.player.id,
          r.player.email,
          r.matchedOn,
          `${MATCHED_ON[r.matchedOn]}, что у игрока #${r.matched.id}`,
          r.matched.id,
          r.matched.email,
          r.offer.id,
          r.offer.title,
        ]),
      );
    },
  };
}

export type AbuseFlagsService = ReturnType<typeof createAbuseFlagsService>;
