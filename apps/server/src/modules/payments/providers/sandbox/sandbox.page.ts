import { formatAmount } from '@kometa/money';
import type { SandboxPayment } from './sandbox.repository.ts';
import type { SandboxOutcome } from './sandbox.provider.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const OUTCOME_LABELS: Record<SandboxOutcome, string> = {
  success: 'Оплата прошла',
  fail: 'Отказ банка',
  pending: 'Оплата в обработке',
  delayed: 'Оплата задерживается (пройдёт через 2 минуты)',
};

/** The sandbox's hosted payment page (Russian, no scripts): the tester picks how the payment ends. */
export function sandboxPage(payment: SandboxPayment, open: boolean): string {
  const amount = escape(formatAmount(payment.amount, payment.currency));
  const buttons = (Object.keys(OUTCOME_LABELS) as SandboxOutcome[])
    .map(
      (outcome) =>
        `<button type="submit" name="outcome" value="${outcome}">${escape(OUTCOME_LABELS[outcome])}</button>`,
    )
    .join('\n      ');
  return `<!doctype html>
<html lang="ru">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Песочница платежей — оплата ${amount}</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; }
    form { display: grid; gap: .75rem; }
    button { height: 40px; border-radius: 20px; border: 1px solid #345; background: #fff; font-size: 1rem; }
    .note { color: #555; font-size: .875rem; }
  </style>
</head>
<body>
  <h1>Песочница платежей</h1>
  <p>Пополнение на <strong>${amount}</strong></p>
  <p class="note">Это тестовый платёжный шлюз: деньги не списываются. Выберите, чем закончится оплата.</p>
  ${
    open
      ? `<form method="post">
      ${buttons}
    </form>`
      : '<p>Этот платёж уже завершён.</p>'
  }
</body>
</html>
`;
}
