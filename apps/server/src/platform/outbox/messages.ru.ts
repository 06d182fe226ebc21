import type { MailContent } from './mail-layout.ts';

/**
 * The Russian texts of e-mails and SMS the server sends (the web's strings live in apps/web's catalogue).
 * `{name}` placeholders are filled from the message's parameters; sums and dates come to them already
 * written by @kometa/money (`1 000,00 ₽`, `25.11.2026 02:34`). Paragraphs are separated by a blank
 * line. An e-mail with `action` shows a button to the link in its parameter `link`; one marked
 * `marketing` carries an unsubscribe link (parameter `unsubscribe`); every other is about the account.
 */
export const outboxTemplates = {
  reset_email: {
    subject: 'Восстановление пароля',
    body: 'Здравствуйте! Чтобы задать новый пароль, откройте ссылку ниже.\n\nСсылка действует {minutes} мин. Если вы не запрашивали восстановление, просто проигнорируйте это письмо.',
    action: 'Задать новый пароль',
  },
  reset_sms: {
    subject: 'Код восстановления',
    body: 'Код для восстановления пароля: {code}. Никому его не сообщайте.',
  },
  confirm_email: {
    subject: 'Подтверждение e-mail',
    body: 'Чтобы подтвердить адрес, откройте ссылку ниже. Она действует сутки.',
    action: 'Подтвердить e-mail',
  },
  confirm_phone: {
    subject: 'Код подтверждения',
    body: 'Код подтверждения телефона: {code}',
  },
  deposit_credited: {
    subject: 'Баланс пополнен на {amount}',
    body: 'Депозит {amount} зачислен на ваш счёт {at}. Способ оплаты: {system}.\n\nУдачной игры! Если вы не пополняли счёт, сразу напишите в поддержку.',
    action: 'Открыть лобби',
  },
  withdrawal_requested: {
    subject: 'Заявка на вывод {amount} принята',
    body: 'Мы приняли заявку на вывод {amount} ({system}) {at}. Сумма удержана с баланса до выплаты; пока заявка на проверке, её можно отменить в кассе.',
    action: 'Открыть историю платежей',
  },
  withdrawal_paid: {
    subject: 'Выплата {amount} отправлена',
    body: 'Вывод {amount} ({system}) выплачен {at}. Деньги поступят в срок, который назначает платёжная система.',
    action: 'Открыть историю платежей',
  },
  withdrawal_refused: {
    subject: 'Вывод {amount} отклонён',
    body: 'Заявка на вывод {amount} ({system}) отклонена {at}. Сумма вернулась на ваш баланс.\n\nЕсли причина вам непонятна, напишите в поддержку: мы объясним, что сделать.',
    action: 'Открыть историю платежей',
  },
  limit_changed: {
    subject: 'Лимит изменён',
    body: '{change} {at}.\n\nЕсли это были не вы, смените пароль и напишите в поддержку.',
    action: 'Открыть лимиты',
  },
  exclusion_started: {
    subject: 'Самоисключение включено',
    body: 'Ваш аккаунт закрыт для игры и пополнений до {until}. Вывод средств остаётся доступным.\n\nЕсли вам нужна помощь, обратитесь в поддержку или в организации помощи при игровой зависимости.',
  },
  new_login: {
    subject: 'Вход с нового устройства',
    body: 'В ваш аккаунт вошли {at} с нового устройства: {device}, адрес {ip}.\n\nЕсли это были вы, ничего делать не нужно. Если нет, смените пароль и завершите чужие сеансы в профиле.',
    action: 'Открыть безопасность',
  },
} as const satisfies Record<string, { subject: string; body: string; action?: string; marketing?: boolean }>;

export type OutboxTemplate = keyof typeof outboxTemplates;

export function render(template: OutboxTemplate, params: Record<string, string | number>) {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
  const spec: { subject: string; body: string; action?: string; marketing?: boolean } =
    outboxTemplates[template];
  const subject = fill(spec.subject);
  const body = fill(spec.body);
  const link = typeof params.link === 'string' ? params.link : undefined;
  const content: MailContent = {
    subject,
    paragraphs: body.split('\n\n'),
    action: spec.action && link ? { label: spec.action, link } : undefined,
    unsubscribe: spec.marketing && typeof params.unsubscribe === 'string' ? params.unsubscribe : undefined,
  };
  return { subject, body, content, marketing: spec.marketing === true };
}
