import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPECTATION_HEADER } from '@kometa/contracts';
import { errorMessagesRu } from '@kometa/contracts/messages.ru';
import { auditRowsOf } from '../../../test/audit.ts';
import { useTestApp } from '../../../test/harness.ts';
import { registeredPlayer } from '../../../test/players.ts';
import {
  adminCall,
  createTestOperator,
  signInOperator,
  type OperatorSession,
} from '../../../test/operators.ts';
import { runKycCommand } from '../../cli/kyc-commands.ts';
import { manualClock } from '../../platform/clock.ts';
import { queryRows } from '../../platform/db/database.ts';
import { demoDocumentPng } from '../../../seed/demo-document.ts';

/**
 * The KYC review queue in the back office (ADR 036): documents listed and streamed through the operator
 * API (permission checked, each view audited), accepted or refused with a reason, payments stopped until
 * verification and opened again by an accepted document; the command-line tool still works.
 */
const clock = manualClock(Date.UTC(2026, 10, 25, 12, 0, 0));
const t = useTestApp({ clock });
const db = () => t.platform.database.db;

let risk: OperatorSession;
let support: OperatorSession;
let finance: OperatorSession;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const [email, role] of [
    ['risk@kyc.test', 'risk'],
    ['support@kyc.test', 'support'],
    ['finance@kyc.test', 'finance'],
  ] as const) {
    await createTestOperator(t.operator.operators, { email, roles: [role] });
  }
  risk = await signInOperator(t.app, clock, 'risk@kyc.test');
  support = await signInOperator(t.app, clock, 'support@kyc.test');
  finance = await signInOperator(t.app, clock, 'finance@kyc.test');
});

const PNG = demoDocumentPng();
let serial = 0;
async function playerWithDocument() {
  const email = `kyc-admin${++serial}@kyc.test`;
  const { id, token } = await registeredPlayer(t.app, db(), { email });
  await t.operator.verification.upload(id, 'passport', PNG);
  const [document] = await queryRows<{ id: string }>(
    db(),
    sql`select id::text from kyc_documents where user_id = ${id} order by id desc limit 1`,
  );
  return { id, token, email, document: Number(document!.id) };
}
const depositData = (token: string) =>
  t.app.inject({ url: '/api/v18/payments/deposit-data', headers: { 'auth-token': token } });
const auditRows = (action: string, targetId?: string) => auditRowsOf(db(), action, targetId);

describe('the KYC review queue', () => {
  it('lists pending documents with their player, filtered, exported; the file only for those allowed, each view audited', async () => {
    const p = await playerWithDocument();
    const list = await adminCall(t.app, support, 'GET', `/kyc-documents?status=pending&playerId=${p.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({
      total: 1,
      items: [
        {
          id: p.document,
          playerId: p.id,
          playerEmail: p.email,
          type: 'passport',
          mime: 'image/png',
          size: PNG.length,
          status: 'pending',
          formStatus: 'pending',
          financeBlocked: false,
        },
      ],
    });
    const csv = await adminCall(t.app, support, 'GET', `/kyc-documents/export?playerId=${p.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(p.email);

    // Support sees the queue, never the document itself.
    const refused = await adminCall(t.app, support, 'GET', `/kyc-documents/${p.document}/file`);
    expect(refused.statusCode).toBe(403);
    expect(await auditRows('kyc.document_view', String(p.document))).toHaveLength(0);

    const file = await adminCall(t.app, risk, 'GET', `/kyc-documents/${p.document}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-disposition']).toBe(`inline; filename="document-${p.document}.png"`);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(await auditRows('kyc.document_view', String(p.document))).toMatchObject([
      { operator_id: risk.id, after: { player: p.id, type: 'passport', mime: 'image/png' } },
    ]);
    // The player's own session opens no operator call.
    const asPlayer = await t.app.inject({
      url: `/api/admin/kyc-documents/${p.document}/file`,
      headers: { 'auth-token': p.token },
    });
    expect(asPlayer.statusCode).toBe(401);
    expect((await adminCall(t.app, risk, 'GET', '/kyc-documents/999999/file')).json().error.message).toBe(
      'errors.kyc_admin.document_not_found',
    );
  });

  it('refuses with a reason the player sees; no reason is a 400 in Russian; decided once', async () => {
    const p = await playerWithDocument();
    const noReason = await adminCall(t.app, risk, 'POST', `/kyc-documents/${p.document}/refuse`, {
      reason: 'no',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('errors.kyc_admin.reason_required');
    expect(errorMessagesRu['errors.kyc_admin.reason_required' as keyof typeof errorMessagesRu]).toMatch(
      /[а-я]/,
    );
    expect(
      (await adminCall(t.app, finance, 'POST', `/kyc-documents/${p.document}/refuse`, { reason: 'Размыто' }))
        .statusCode,
    ).toBe(403);
    const refusedDoc = await adminCall(t.app, risk, 'POST', `/kyc-documents/${p.document}/refuse`, {
      reason: 'Фото размыто, загрузите снова',
    });
    expect(refusedDoc.statusCode, refusedDoc.body).toBe(200);
    expect(refusedDoc.json().data).toMatchObject({
      status: 'refused',
      reason: 'Фото размыто, загрузите снова',
      reviewer: 'risk@kyc.test',
      formStatus: 'refused',
    });
    const form = await t.app.inject({
      url: '/api/v18/verification-info',
      headers: { 'auth-token': p.token },
    });
    expect(form.json().data).toMatchObject({
      form: { status: 'refused' },
      reason: 'Фото размыто, загрузите снова',
    });
    const again = await adminCall(t.app, risk, 'POST', `/kyc-documents/${p.document}/accept`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('errors.kyc_admin.already_decided');
    expect(await auditRows('kyc.refuse', String(p.document))).toMatchObject([
      { operator_id: risk.id, after: { document: 'refused', reason: 'Фото размыто, загрузите снова' } },
    ]);
  });

  it("stops a player's payments until verification; accepting the document opens the cashier again", async () => {
    const p = await playerWithDocument();
    expect((await depositData(p.token)).statusCode).toBe(200);
    const blocked = await adminCall(t.app, risk, 'POST', `/players/${p.id}/finance-block`, {
      blocked: true,
      reason: 'Проверка источника средств',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toMatchObject({ financeBlocked: true, formStatus: 'pending' });
    const gated = await depositData(p.token);
    expect(gated.statusCode).toBe(417);
    expect(gated.headers[EXPECTATION_HEADER]).toBe('kyc-verified');
    expect((await adminCall(t.app, support, 'GET', `/players/${p.id}/kyc`)).json().data.financeBlocked).toBe(
      true,
    );

    const accepted = await adminCall(t.app, risk, 'POST', `/kyc-documents/${p.document}/accept`, {
      comment: 'Паспорт совпадает с профилем',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({
      status: 'accepted',
      formStatus: 'accepted_operator',
      financeBlocked: false,
    });
    expect((await depositData(p.token)).statusCode).toBe(200);
    const self = await t.app.inject({ url: '/api/v18/users/self', headers: { 'auth-token': p.token } });
    expect(self.json().data.labels).toContain('user_document_verify_operator_accepted');
    expect(await auditRows('kyc.finance_block', String(p.id))).toHaveLength(1);
    expect(await auditRows('kyc.accept', String(p.document))).toMatchObject([
      {
        operator_id: risk.id,
        before: { form: { actions: ['block_finance_activity'] } },
        after: {
          form: { status: 'accepted_operator', actions: [] },
          comment: 'Паспорт совпадает с профилем',
        },
      },
    ]);
    const bad = await adminCall(t.app, risk, 'POST', `/players/${p.id}/finance-block`, { blocked: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('reason');
  });

  it('keeps the command-line tool working on the same service', async () => {
    const p = await playerWithDocument();
    expect(await runKycCommand(['list'], t.operator.verification)).toContain(`#${p.document}`);
    expect(
      await runKycCommand(
        ['accept', String(p.document), '--reviewer', `cli-${randomUUID()}`],
        t.operator.verification,
      ),
    ).toContain('принят');
  });
});
