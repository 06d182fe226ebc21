import { expect, test } from '@playwright/test';
import { e2eConfig } from '../config.ts';
import { DEMO_OPERATORS, operatorSession } from './operators.ts';
import { PASSWORD } from './players.ts';

/**
 * Bonus-abuse flags in the back office (issue 17 item 9): a second account of the same person (the
 * same Gmail address written another way) is refused the welcome gift; finance finds the flag under
 * «Подозрения на злоупотребление», explained, and on the player's «Бонусы» tab.
 */
const site = `http://127.0.0.1:${e2eConfig.sitePort}`;

test('a lookalike refused the welcome gift is shown to the operator with what matched', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const register = async (email: string) => {
    const answer = await request.post(`${site}/api/v18/registration`, {
      data: { email, password: PASSWORD, birthday: { day: 3, month: 4, year: 1992 }, agreeRules: true },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const headers = { 'auth-token': (await answer.json()).data.token as string };
    // The pack's first step is decided by the registration's job: granted, or refused to a lookalike.
    let pack: { steps: { status: string; gift: { id: number; title: string } | null }[] } | null = null;
    await expect
      .poll(async () => {
        pack = (await (await request.get(`${site}/api/v18/gifts/welcome-pack`, { headers })).json()).data;
        return pack!.steps[0]!.status;
      })
      .not.toBe('later');
    return { headers, pack: pack! };
  };
  const first = await register(`olga.abuse.${run}@gmail.com`);
  const gift = first.pack.steps[0]!.gift!;
  expect((await request.post(`${site}/api/v18/gifts/self/${gift.id}`, { headers: first.headers })).ok()).toBe(
    true,
  );
  const secondEmail = `olgaabuse${run}+again@gmail.com`;
  const second = await register(secondEmail);
  expect(second.pack.steps[0]).toMatchObject({ status: 'refused', gift: null });

  const { context, page } = await operatorSession(browser, DEMO_OPERATORS.finance);
  await page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Злоупотребления' })
    .click();
  await expect(page.getByRole('heading', { name: 'Подозрения на злоупотребление' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: secondEmail });
  await expect(row).toContainText(`olga.abuse.${run}@gmail.com`);
  await expect(row).toContainText(/Тот же e-mail, что у игрока #\d+/);
  await expect(row).toContainText(gift.title);
  await expect(page.getByRole('link', { name: /CSV/ })).toHaveAttribute('href', /abuse-flags\/export/);

  // The refused player's card: the «Бонусы» tab explains the refusal.
  await row.getByRole('link').first().click();
  const flags = page.getByRole('region', { name: 'Подозрения на злоупотребление' });
  await expect(flags).toContainText(/Тот же e-mail, что у игрока #\d+/);
  await expect(flags).toContainText(`olga.abuse.${run}@gmail.com`);
  await context.close();
});
