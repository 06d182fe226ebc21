import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { runKycCommand } from '../../cli/kyc-commands.ts';
import { registeredPlayer } from '../../../test/players.ts';
import { queryRows } from '../../platform/db/database.ts';

const t = useTestApp();
const db = () => t.platform.database.db;
beforeAll(async () => {
  // The sandbox's hosted payment page needs an address: the app listens on a loopback port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a passport scan, as far as this test is concerned'),
]);

/** A multipart/form-data body as a browser sends it: fields first, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----kometa-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

let serial = 0;
async function player() {
  const { id, token } = await registeredPlayer(t.app, db(), { email: `kyc${++serial}@example.com` });
  const headers = { 'auth-token': token };
  return {
    id,
    get: (url: string) => t.app.inject({ url: `/api/v18${url}`, headers }),
    post: (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v18${url}`, headers, payload }),
    upload: (fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) => {
      const body = multipart(fields, file);
      return t.app.inject({
        method: 'POST',
        url: '/api/v18/verification-info/documents',
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    },
  };
}

const kyc = (...args: string[]) => runKycCommand(args, t.operator.verification);

describe('KYC verification', () => {
  it('takes a document, keeps the file outside the web root, and shows the form pending', async () => {
    const p = await player();
    expect((await p.get('/verification-info')).json().data).toMatchObject({
      form: { status: 'new', actions: [] },
      documents: [],
      maxFileBytes: 5 * 1024 * 1024,
    });
    const sent = await p.upload({ type: 'passport' }, { name: 'scan.png', type: 'image/png', bytes: PNG });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      form: { status: 'pending' },
      documents: [{ type: 'passport', status: 'pending', reason: null }],
    });
    const [stored] = await t.operator.verification.pending();
    expect(stored).toMatchObject({ userId: p.id, mime: 'image/png', size: PNG.length });
    expect(await readFile(t.operator.verification.documentFile(stored!.storageKey))).toEqual(PNG);
    // Nothing serves it: the storage key is no path of the site.
    expect((await t.app.inject({ url: `/${stored!.storageKey}` })).statusCode).toBe(404);
    expect((await p.get('/users/self')).json().data.verificationForm).toEqual({
      status: 'pending',
      actions: [],
    });
  });

  it('refuses what is not a document: wrong type, a disguised file, too large, no file, not multipart', async () => {
    const p = await player();
    const badType = await p.upload(
      { type: 'selfie-with-cat' },
      { name: 'a.png', type: 'image/png', bytes: PNG },
    );
    expect(badType.json().error.fields).toEqual({ type: 'errors.verification.document_type' });
    const disguised = await p.upload(
      { type: 'passport' },
      { name: 'scan.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') },
    );
    expect(disguised.json().error.fields).toEqual({ file: 'errors.verification.file_type' });
    const huge = await p.upload(
      { type: 'passport' },
      { name: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toEqual({ file: 'errors.verification.file_too_large' });
    expect((await p.upload({ type: 'passport' })).json().error.fields).toEqual({
      file: 'errors.verification.file_required',
    });
    const json = await p.post('/verification-info/documents', { type: 'passport' });
    expect(json.statusCode).toBe(415);
    expect((await p.get('/verification-info')).json().data.documents).toEqual([]);
  });

  it('the operator’s tool accepts a document: the player is verified, labelled, and the 417 gate opens', async () => {
    await db().execute(
      sql`update settings set value = '{"deposit": ["kyc-verified"], "withdrawal": ["email-verified"]}'::jsonb
          where alias = 'payment_verification'`,
    );
    try {
      const p = await player();
      // A verified-only game answers 417 with the KYC expectation before, and launches after.
      await db().execute(sql`update games set verified_only = true where code = 'roulette'`);
      const game = await p.post('/games/kometa/roulette/launch', { mode: 'real' });
      expect(game.statusCode).toBe(417);
      expect(game.headers.expectation).toBe('kyc-verified');
      expect((await p.post('/games/kometa/roulette/launch', { mode: 'demo' })).statusCode).toBe(200);
      const gated = await p.post('/payments/deposits', { system: 'sandbox-card', amount: 10_000 });
      expect(gated.statusCode).toBe(417);
      expect(gated.headers.expectation).toBe('kyc-verified');
      await p.upload({ type: 'id_card' }, { name: 'id.png', type: 'image/png', bytes: PNG });
      const [document] = (await t.operator.verification.pending()).filter((d) => d.userId === p.id);
      expect(await kyc('list')).toContain(`#${document!.id}  игрок ${p.id}  id_card`);
      await expect(kyc('accept', String(document!.id))).rejects.toThrow('--reviewer <имя>');
      expect(await kyc('accept', String(document!.id), '--reviewer', 'anna')).toContain('accepted_operator');
      const self = (await p.get('/users/self')).json().data;
      expect(self).toMatchObject({
        isVerifyOperatorAcceptedUser: true,
        isVerifyRefusedUser: false,
        verificationForm: { status: 'accepted_operator', actions: [] },
      });
      expect(self.labels).toContain('user_document_verify_operator_accepted');
      expect(
        (await p.post('/payments/deposits', { system: 'sandbox-card', amount: 10_000 })).statusCode,
      ).toBe(200);
      expect((await p.post('/games/kometa/roulette/launch', { mode: 'real' })).statusCode).toBe(200);
      const [audit] = await queryRows<{ actor: string; action: string }>(
        db(),
        sql`select actor, action from rg_audit where user_id = ${p.id}`,
      );
      expect(audit).toEqual({ actor: 'operator:anna', action: 'verification.accepted' });
      // A decision is taken once.
      await expect(
        kyc('refuse', String(document!.id), '--reviewer', 'anna', '--reason', 'x'),
      ).rejects.toMatchObject({ codeName: 'CONFLICT' });
    } finally {
      await db().execute(
        sql`update settings set value = '{"deposit": [], "withdrawal": ["email-verified"]}'::jsonb
            where alias = 'payment_verification'`,
      );
      await db().execute(sql`update games set verified_only = false where code = 'roulette'`);
    }
  });

  it('a refusal is labelled with its reason; the player may send a new document', async () => {
    const p = await player();
    await p.upload({ type: 'passport' }, { name: 'blurry.png', type: 'image/png', bytes: PNG });
    const [document] = (await t.operator.verification.pending()).filter((d) => d.userId === p.id);
    await expect(kyc('refuse', String(document!.id), '--reviewer', 'oleg')).rejects.toThrow(
      '--reason "<причина>"',
    );
    await kyc('refuse', String(document!.id), '--reviewer', 'oleg', '--reason', 'Фото размыто');
    const info = (await p.get('/verification-info')).json().data;
    expect(info).toMatchObject({
      form: { status: 'refused' },
      reason: 'Фото размыто',
      documents: [{ status: 'refused', reason: 'Фото размыто' }],
    });
    expect((await p.get('/users/self')).json().data.isVerifyRefusedUser).toBe(true);
    const again = await p.upload({ type: 'passport' }, { name: 'sharp.png', type: 'image/png', bytes: PNG });
    expect(again.json().data.form.status).toBe('pending');
  });

  it('block_finance_activity stops deposits and withdrawals until the operator lifts it', async () => {
    const p = await player();
    await kyc('block', String(p.id), '--reviewer', 'anna');
    expect((await p.get('/users/self')).json().data.verificationForm.actions).toEqual([
      'block_finance_activity',
    ]);
    const blocked = await p.post('/payments/deposits', { system: 'sandbox-card', amount: 10_000 });
    expect(blocked.statusCode).toBe(417);
    expect(blocked.headers.expectation).toBe('kyc-verified');
    await kyc('unblock', String(p.id), '--reviewer', 'anna');
    expect((await p.post('/payments/deposits', { system: 'sandbox-card', amount: 10_000 })).statusCode).toBe(
      200,
    );
    const actions = await queryRows<{ action: string }>(
      db(),
      sql`select action from rg_audit where user_id = ${p.id} order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'verification.finance_blocked',
      'verification.finance_unblocked',
    ]);
  });
});
