import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { ADMIN_PREFIX, CSRF_HEADER, OPERATOR_COOKIE, type OperatorRole } from '@kometa/contracts';
import type { Clock } from '../src/platform/clock.ts';
import type { OperatorsService } from '../src/modules/operators/index.ts';

/** A TOTP secret for test operators (base32, 20 bytes). */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const TEST_OPERATOR_PASSWORD = 'operator-correct-horse';

export interface OperatorSession {
  id: number;
  email: string;
  cookie: string;
  csrf: string;
}

/** An operator straight through the service, enrolled with TEST_TOTP_SECRET. */
export async function createTestOperator(
  service: OperatorsService,
  options: { email: string; roles: OperatorRole[] },
): Promise<number> {
  const created = await service.createOperator(
    {
      email: options.email,
      name: options.email.split('@')[0]!,
      password: TEST_OPERATOR_PASSWORD,
      roles: options.roles,
    },
    { id: null, email: null, ip: null, userAgent: 'test' },
  );
  await service.enrolKnownSecret(created.id, TEST_TOTP_SECRET);
  return created.id;
}

const cookieOf = (response: LightMyRequestResponse): string => {
  const header = response.headers['set-cookie'];
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  const match = new RegExp(`${OPERATOR_COOKIE}=([^;]*)`).exec(value);
  if (!match?.[1]) throw new Error(`no operator cookie in ${value}: ${response.body}`);
  return `${OPERATOR_COOKIE}=${match[1]}`;
};

/** The current TOTP code at the test clock's time. */
export const totpNow = (clock: Clock) =>
  generate({ secret: TEST_TOTP_SECRET, epoch: Math.floor(clock.now() / 1000) });

/**
 * Signs an enrolled operator in through the API (password, then the TOTP code at the clock's time) and
 * answers the session cookie and CSRF token. Each code works once: the clock moves on 30 s afterwards.
 */
export async function signInOperator(
  app: FastifyInstance,
  clock: Clock & { advance(ms: number): void },
  email: string,
  options: { address?: string } = {},
): Promise<OperatorSession> {
  const remoteAddress = options.address ?? '127.0.0.1';
  const login = await app.inject({
    method: 'POST',
    url: `${ADMIN_PREFIX}/session/login`,
    headers: { [CSRF_HEADER]: '1' },
    payload: { email, password: TEST_OPERATOR_PASSWORD },
    remoteAddress,
  });
  if (login.statusCode !== 200) throw new Error(`operator login: ${login.statusCode} ${login.body}`);
  const pending = cookieOf(login);
  const totp = await app.inject({
    method: 'POST',
    url: `${ADMIN_PREFIX}/session/totp`,
    headers: { cookie: pending, [CSRF_HEADER]: login.json().data.csrfToken },
    payload: { code: await totpNow(clock) },
    remoteAddress,
  });
  if (totp.statusCode !== 200) throw new Error(`operator totp: ${totp.statusCode} ${totp.body}`);
  clock.advance(30_000);
  const data = totp.json().data;
  return { id: data.operator.id, email, cookie: cookieOf(totp), csrf: data.csrfToken };
}

/** An operator call with the session's cookie and CSRF token. */
export function adminCall(
  app: FastifyInstance,
  session: OperatorSession | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${ADMIN_PREFIX}${path}`,
    headers: session ? { cookie: session.cookie, [CSRF_HEADER]: session.csrf } : {},
    ...(payload ? { payload } : {}),
  });
}
