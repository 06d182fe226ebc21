import { escape } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';
import { VERIFY_SCRIPT } from './verify-script.ts';

/** The fairness page: the player pastes a revealed seed and a round's data; the browser recomputes it. */
export function fairnessPage(): string {
  const v = t.verify;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5">
<title>${escape(v.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; background: #10131a; color: #f2f4f8; }
  main { max-width: 560px; margin: 0 auto; display: grid; gap: 12px; }
  label { display: grid; gap: 4px; font-size: 14px; }
  input, select, button { height: 40px; border-radius: 20px; border: 1px solid #3a4356; background: #1b2130; color: inherit; padding: 0 16px; font-size: 16px; }
  button { background: #2f6fed; border: 0; cursor: pointer; }
  .note { font-size: 13px; color: #a9b2c6; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
  <h1>${escape(v.title)}</h1>
  <p class="note">${escape(v.explain)}</p>
  <label>${escape(v.game)} <select id="game"><option value="dice">${escape(t.title.dice)}</option><option value="roulette">${escape(t.title.roulette)}</option><option value="classic-slot">${escape(t.title['classic-slot'])}</option></select></label>
  <label>${escape(v.serverSeed)} <input id="server-seed" maxlength="64" autocomplete="off"></label>
  <label>${escape(t.clientSeed)} <input id="client-seed" maxlength="64" autocomplete="off"></label>
  <label>${escape(t.nonce)} <input id="nonce" type="number" min="0" step="1" value="1"></label>
  <label>${escape(v.commitment)} <input id="commitment" maxlength="64" autocomplete="off"></label>
  <button id="verify">${escape(v.check)}</button>
  <p id="result" aria-live="polite"></p>
</main>
<script>
${VERIFY_SCRIPT}
const words = ${JSON.stringify(v)};
document.getElementById('verify').addEventListener('click', async () => {
  const $ = (id) => document.getElementById(id).value.trim();
  const out = document.getElementById('result');
  if (!/^[0-9a-f]{64}$/.test($('server-seed'))) { out.textContent = words.badSeed; return; }
  const result = await verifyRound({ serverSeed: $('server-seed'), clientSeed: $('client-seed'), nonce: Number($('nonce')), game: $('game') });
  const matches = !$('commitment') || $('commitment') === result.commitment;
  const outcome = result.outcome.roll !== undefined ? words.roll + ' ' + (result.outcome.roll / 100).toFixed(2)
    : result.outcome.pocket !== undefined ? words.pocket + ' ' + result.outcome.pocket
    : words.stops + ' ' + result.outcome.stops.join(', ');
  out.textContent = (matches ? words.commitmentOk : words.commitmentBad) + ' ' + outcome;
});
</script>
</body>
</html>
`;
}
