import type { createActivityAdmin } from '../modules/activity/index.ts';

type ActivityAdmin = ReturnType<typeof createActivityAdmin>;

export const ACTIVITY_USAGE = `Поток действий игроков в Комете (ADR 029)

  npm run activity -- status                                 потребители: отставание, сбои, отложенные события
  npm run activity -- replay <потребитель> --from <позиция>  обработать события заново, начиная с позиции
  npm run activity -- parked <потребитель>                   события, отложенные после всех попыток
  npm run activity -- retry <потребитель> [<позиция>]        попробовать отложенные события снова
  npm run activity -- forget <потребитель>                   удалить позиции потребителя, которого больше нет в коде
`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

const position = (text: string | undefined): number => {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error('Позиция — целое число от 1');
  return value;
};

/** One command of the operator's activity-stream tool; answers the text to print (throws on a bad one). */
export async function runActivityCommand(args: string[], admin: ActivityAdmin): Promise<string> {
  const [command, consumer] = args;
  if (command === 'status') {
    const [head, statuses] = await Promise.all([admin.head(), admin.status()]);
    const lines = [`Голова потока: позиция ${head}.`];
    if (statuses.length === 0) lines.push('Потребителей ещё нет.');
    for (const s of statuses) {
      lines.push(
        `${s.name}: позиции ${s.behind}…${s.ahead}, отстаёт на ${s.lagEvents} соб. (${s.lagSeconds.toFixed(1)} с), отложено ${s.parked}`,
      );
      for (const f of s.failing) {
        lines.push(
          `  раздел ${f.partition}: попыток ${f.attempts}, повтор ${f.retryAt?.toISOString() ?? '—'}: ${f.lastError ?? ''}`,
        );
      }
    }
    return lines.join('\n');
  }
  if (!consumer || !['replay', 'parked', 'retry', 'forget'].includes(command ?? '')) {
    throw new Error(ACTIVITY_USAGE);
  }
  if (command === 'replay') {
    const from = position(option(args, 'from'));
    const { partitions } = await admin.replay(consumer, from);
    return `${consumer}: события с позиции ${from} будут обработаны заново (разделов: ${partitions}). Обработчик должен быть идемпотентным по событию.`;
  }
  if (command === 'parked') {
    const parked = await admin.parked(consumer);
    if (parked.length === 0) return `${consumer}: отложенных событий нет.`;
    return parked
      .map(
        (p) =>
          `#${p.position}  ${p.kind}  игрок ${p.userId}  ${p.occurredAt.toISOString()}  попыток ${p.attempts}${p.retryRequestedAt ? '  (повтор запрошен)' : ''}\n  ${p.error}`,
      )
      .join('\n');
  }
  if (command === 'retry') {
    const at = args[2] === undefined ? null : position(args[2]);
    const count = await admin.retry(consumer, at);
    return count === 0
      ? `${consumer}: таких отложенных событий нет.`
      : `${consumer}: повтор запрошен для ${count} соб.; их обработает работающий сервер.`;
  }
  const count = await admin.forget(consumer);
  return count === 0 ? `Потребителя ${consumer} нет.` : `${consumer}: позиции удалены.`;
}
