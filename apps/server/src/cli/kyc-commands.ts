import type { VerificationService } from '../modules/verification/index.ts';

export const KYC_USAGE = `Проверка документов KYC в Комете из командной строки (основной способ — раздел «Верификация» бэк-офиса)

  npm run kyc -- list                                   документы, ждущие проверки
  npm run kyc -- accept <документ> --reviewer <имя>     принять (игрок становится верифицированным)
  npm run kyc -- refuse <документ> --reviewer <имя> --reason "<причина для игрока>"
  npm run kyc -- block <игрок> --reviewer <имя>         остановить пополнения и выводы
  npm run kyc -- unblock <игрок> --reviewer <имя>       снова разрешить их
`;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

/** One command of the operator's KYC tool; answers the text to print (throws on a bad command). */
export async function runKycCommand(args: string[], verification: VerificationService): Promise<string> {
  const [command, target] = args;
  const reviewer = option(args, 'reviewer');
  const id = Number(target);
  if (command === 'list') {
    const pending = await verification.pending();
    if (pending.length === 0) return 'Документов на проверке нет.';
    return pending
      .map(
        (d) =>
          `#${d.id}  игрок ${d.userId}  ${d.type}  ${d.mime}  ${d.size} B  ${d.createdAt.toISOString()}  ${verification.documentFile(d.storageKey)}`,
      )
      .join('\n');
  }
  if (
    !['accept', 'refuse', 'block', 'unblock'].includes(command ?? '') ||
    !Number.isSafeInteger(id) ||
    id <= 0
  ) {
    throw new Error(KYC_USAGE);
  }
  if (!reviewer) throw new Error('Укажите --reviewer <имя>: у каждого решения есть автор');
  if (command === 'block' || command === 'unblock') {
    await verification.setFinanceBlock(id, command === 'block', reviewer);
    return `Игрок ${id}: пополнения и выводы ${command === 'block' ? 'остановлены' : 'снова разрешены'}.`;
  }
  const reason = option(args, 'reason') ?? null;
  if (command === 'refuse' && !reason)
    throw new Error('Укажите --reason "<причина>": игрок увидит её в форме верификации');
  const outcome = await verification.review(id, {
    accept: command === 'accept',
    reason,
    reviewer,
    by: 'operator',
  });
  return `Документ #${id} ${command === 'accept' ? 'принят' : 'отклонён'}; статус игрока ${outcome.userId}: ${outcome.status}.`;
}
