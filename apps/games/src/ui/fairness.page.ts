import { DISPLAY_LOCALE } from '@kometa/money';
import { escape, pageHead } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';
import { VERIFY_SCRIPT } from './verify-script.ts';

/** The fairness page: the player pastes a revealed seed and a round's data; the browser recomputes it. */
export function fairnessPage(): string {
  const v = t.verify;
  return `<!doctype html>
<html lang="ru">
${pageHead(v.title)}
<body>
<main>
  <h1>${escape(v.title)}</h1>
  <p class="note">${escape(v.explain)}</p>
  <p class="note" id="asked-round" hidden></p>
  <label>${escape(v.game)} <select id="game"><option value="dice">${escape(t.title.dice)}</option><option value="roulette">${escape(t.title.roulette)}</option><option value="classic-slot">${escape(t.title['classic-slot'])}</option><option value="video-slot">${escape(t.title['video-slot'])}</option><option value="blackjack">${escape(t.title.blackjack)}</option><option value="mines">${escape(t.title.mines)}</option><option value="plinko">${escape(t.title.plinko)}</option></select></label>
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
// A link from the back office's player card names the round and its game (ADR 045).
const asked = new URLSearchParams(location.search);
const askedGame = asked.get('game');
if (askedGame && [...document.getElementById('game').options].some((o) => o.value === askedGame)) document.getElementById('game').value = askedGame;
if (asked.get('round')) { const line = document.getElementById('asked-round'); line.textContent = words.round + ' ' + asked.get('round'); line.hidden = false; }
const cardName = (c) => ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'][c % 13] + ['♠', '♥', '♦', '♣'][Math.floor(c / 13)];
document.getElementById('verify').addEventListener('click', async () => {
  const $ = (id) => document.getElementById(id).value.trim();
  const out = document.getElementById('result');
  if (!/^[0-9a-f]{64}$/.test($('server-seed'))) { out.textContent = words.badSeed; return; }
  const result = await verifyRound({ serverSeed: $('server-seed'), clientSeed: $('client-seed'), nonce: Number($('nonce')), game: $('game') });
  const matches = !$('commitment') || $('commitment') === result.commitment;
  const outcome = result.outcome.roll !== undefined ? words.roll + ' ' + new Intl.NumberFormat(${JSON.stringify(DISPLAY_LOCALE)}, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(result.outcome.roll / 100)
    : result.outcome.pocket !== undefined ? words.pocket + ' ' + result.outcome.pocket
    : result.outcome.cards !== undefined ? words.cards + ' ' + result.outcome.cards.map(cardName).join(' ')
    : result.outcome.order !== undefined ? words.order + ' ' + result.outcome.order.map((tile) => tile + 1).join(', ')
    : result.outcome.path !== undefined ? words.path + ' ' + result.outcome.path.map((step) => (step ? words.right : words.left)).join(' ')
    : words.stops + ' ' + result.outcome.stops.join(', ');
  out.textContent = (matches ? words.commitmentOk : words.commitmentBad) + ' ' + outcome;
});
</script>
</body>
</html>
`;
}
