import type { VerificationService } from '../modules/verification/index.ts';

export const KYC_USAGE = `Kometa KYC review (until the back office exists)

  npm run kyc -- list                                   documents waiting for review
  npm run kyc -- accept <document> --reviewer <name>    accept (the player becomes verified)
  npm run kyc -- refuse <document> --reviewer <name> --reason "<text>"
  npm run kyc -- block <user> --reviewer <name>         stop deposits and withdrawals
  npm run kyc -- unblock <user> --reviewer <name>
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
    if (pending.length === 0) return 'No documents waiting for review.';
    return pending
      .map(
        (d) =>
          `#${d.id}  user ${d.userId}  ${d.type}  ${d.mime}  ${d.size} B  ${d.createdAt.toISOString()}  ${verification.documentFile(d.storageKey)}`,
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
  if (!reviewer) throw new Error('--reviewer <name> is required: every decision names who took it');
  if (command === 'block' || command === 'unblock') {
    await verification.setFinanceBlock(id, command === 'block', reviewer);
    return `User ${id}: deposits and withdrawals ${command === 'block' ? 'blocked' : 'allowed again'}.`;
  }
  const reason = option(args, 'reason') ?? null;
  if (command === 'refuse' && !reason)
    throw new Error('--reason "<text>" is required to refuse: the player sees it');
  const outcome = await verification.review(id, {
    accept: command === 'accept',
    reason,
    reviewer,
    by: 'operator',
  });
  return `Document #${id} ${command === 'accept' ? 'accepted' : 'refused'}; user ${outcome.userId} is now ${outcome.status}.`;
}
