/**
 * The Russian texts of e-mails and SMS the server sends (the web's strings live in apps/web's catalogue).
 * `{name}` placeholders are filled from the message's parameters.
 */
export const outboxTemplates = {
  reset_email: {
    subject: 'Восстановление пароля',
    body: 'Здравствуйте! Чтобы задать новый пароль, откройте ссылку: {link}\nСсылка действует {minutes} мин. Если вы не запрашивали восстановление, просто проигнорируйте это письмо.',
  },
  reset_sms: {
    subject: 'Код восстановления',
    body: 'Код для восстановления пароля: {code}. Никому его не сообщайте.',
  },
  confirm_email: {
    subject: 'Подтверждение e-mail',
    body: 'Чтобы подтвердить адрес, откройте ссылку: {link}',
  },
  confirm_phone: {
    subject: 'Код подтверждения',
    body: 'Код подтверждения телефона: {code}',
  },
} as const;

export type OutboxTemplate = keyof typeof outboxTemplates;

export function render(template: OutboxTemplate, params: Record<string, string | number>) {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
  const { subject, body } = outboxTemplates[template];
  return { subject: fill(subject), body: fill(body) };
}
