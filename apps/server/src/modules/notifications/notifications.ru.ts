import type { LimitKind, LimitPeriod } from '@kometa/contracts';

/** How a limit change reads in the player's e-mail (the texts around it are the outbox's templates). */
const KINDS: Record<LimitKind, string> = {
  deposit: 'депозитов',
  loss: 'проигрыша',
  wager: 'ставок',
  session: 'времени игры',
};
const PERIODS: Record<LimitPeriod, string> = { day: 'в день', week: 'в неделю', month: 'в месяц' };

export const notificationTexts = {
  limitName: (kind: LimitKind, period: LimitPeriod) => `Лимит ${KINDS[kind]} ${PERIODS[period]}`,
  /** What happened to a limit, by the protection audit's action. */
  limitChange: (action: string, name: string, amount: string | null): string | null => {
    switch (action) {
      case 'limit.added':
        return `${name} установлен: ${amount}`;
      case 'limit.lowered':
        return `${name} снижен до ${amount}`;
      case 'limit.raised':
        return `${name} повышен до ${amount}`;
      case 'limit.removed':
        return `${name} снят`;
      case 'limit.raise_requested':
        return `Запрошено повышение: ${name.toLowerCase()} до ${amount}. Оно вступит в силу через 24 часа и только после вашего подтверждения`;
      case 'limit.removal_requested':
        return `Запрошена отмена: ${name.toLowerCase()}. Она вступит в силу через 24 часа и только после вашего подтверждения`;
      default:
        return null;
    }
  },
  minutes: (minutes: number) => `${minutes} мин`,
  forever: 'бессрочно',
  unknownDevice: 'неизвестный браузер',
};
