import { randomBytes } from 'node:crypto';
import { createOperatorBody, OPERATOR_ROLES, type OperatorRole } from '@kometa/contracts';
import { AppError } from '../platform/http/app-error.ts';
import type { OperatorsService } from '../modules/operators/index.ts';

export const OPERATOR_USAGE = `Operators of the back office (ADR 028):

  npm run operator -- create --email <e-mail> --role <role> [--role <role>…] [--name <name>] [--password <password>]

Roles: ${OPERATOR_ROLES.join(', ')}. Without --password a random one is made and printed once.
The operator enrols an authenticator app (TOTP) at their first sign-in to the back office.`;

function options(args: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!;
    if (!name.startsWith('--') || args[i + 1] === undefined)
      throw new Error(`unexpected argument ${name}\n\n${OPERATOR_USAGE}`);
    found.set(name.slice(2), [...(found.get(name.slice(2)) ?? []), args[++i]!]);
  }
  return found;
}

/** Runs one command of `npm run operator` and answers what to print. */
export async function runOperatorCommand(args: string[], operators: OperatorsService): Promise<string> {
  const [command, ...rest] = args;
  if (command !== 'create') throw new Error(OPERATOR_USAGE);
  const given = options(rest);
  const email = given.get('email')?.[0] ?? '';
  const generated = given.get('password') ? undefined : randomBytes(15).toString('base64url');
  const input = createOperatorBody.safeParse({
    email,
    name: given.get('name')?.[0] ?? email.split('@')[0],
    password: given.get('password')?.[0] ?? generated,
    roles: given.get('role') ?? [],
  });
  if (!input.success) {
    throw new Error(
      `${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}\n\n${OPERATOR_USAGE}`,
    );
  }
  try {
    const created = await operators.createOperator(
      { ...input.data, roles: input.data.roles as OperatorRole[] },
      { id: null, email: null, ip: null, userAgent: 'npm run operator' },
    );
    return [
      `Operator ${created.id} created: ${created.email} (${created.roles.join(', ')}).`,
      generated ? `Password (shown once): ${generated}` : 'Password: as given.',
      'At the first sign-in to the back office they scan a QR code into an authenticator app.',
    ].join('\n');
  } catch (error) {
    if (error instanceof AppError && error.fields?.email)
      throw new Error(`an operator with e-mail ${email} exists already`, { cause: error });
    throw error;
  }
}
