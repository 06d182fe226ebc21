import { escape, framePage } from './frame.ts';
import { gameMessagesRu as t } from './messages.ru.ts';

/**
 * The blackjack frame: the stake and the deal, then the player's actions on each hand with the
 * basic strategy's advice; an unfinished round is shown again as it was when the frame opens.
 */
export function blackjackPage(mode: 'real' | 'demo'): string {
  const b = t.blackjack;
  return framePage({
    title: t.title.blackjack,
    mode,
    rtp: b.rtp,
    body: `<p class="note">${escape(b.rules)} ${escape(b.idleRule)}</p>
  <label>${escape(b.stake)} <input id="stake" type="number" min="0.02" step="0.02" value="10" inputmode="decimal"></label>
  <button id="deal">${escape(b.deal)}</button>
  <section aria-label="${escape(b.dealer)}"><p>${escape(b.dealer)}: <span class="cards" id="dealer">—</span></p></section>
  <section id="hands" aria-live="polite"></section>
  <div class="row" id="actions">${(['hit', 'stand', 'double', 'split'] as const)
    .map((a) => `<button data-action="${a}" disabled>${escape(b.actions[a])}</button>`)
    .join('')}</div>
  <p class="note" id="advice"></p>
  <style>.cards { font-size: 28px; letter-spacing: 2px; } .red { color: #ff6b6b; } .active { outline: 2px solid #2f6fed; border-radius: 8px; padding: 4px; }</style>`,
    script: `
  const bj = ${JSON.stringify({ actions: b.actions, results: b.results, advice: b.advice, hand: b.hand, evenStake: b.evenStake })};
  const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  const suits = ['♠', '♥', '♦', '♣'];
  const cardHtml = (c) => { const suit = Math.floor(c / 13); return '<span class="' + (suit === 1 || suit === 2 ? 'red' : '') + '">' + ranks[c % 13] + suits[suit] + '</span>'; };
  const totalText = (t) => (t.soft ? (t.total - 10) + '/' : '') + t.total;
  function show(data) {
    const s = data.state;
    $('dealer').innerHTML = s.dealer.map(cardHtml).join(' ') + (s.finished ? '' : ' 🂠') + ' (' + totalText(s.dealerTotal) + ')';
    $('hands').innerHTML = s.hands.map((h, i) =>
      '<p class="' + (i === s.active && !s.finished ? 'active' : '') + '">' + bj.hand + ' ' + (i + 1) + ': <span class="cards">' + h.cards.map(cardHtml).join(' ') + '</span> (' + totalText(h.total) + ')'
      + ' — ' + money(h.stake) + (h.result ? ' — ' + bj.results[h.result] : '') + '</p>').join('');
    document.querySelectorAll('[data-action]').forEach((button) => { button.disabled = !s.actions.includes(button.dataset.action); });
    $('deal').disabled = !s.finished;
    $('advice').textContent = data.advice ? bj.advice + ': ' + bj.actions[data.advice] : '';
    if (s.finished) say(s.win > 0 ? text.won + ': ' + money(s.win) : text.lost);
    if (data.balance !== undefined && data.balance !== null) $('balance').textContent = money(data.balance);
    $('nonce').textContent = data.proof.nonce;
  }
  $('deal').addEventListener('click', async () => {
    const stake = Math.round(Number($('stake').value) * 100);
    if (stake % 2 !== 0) return say(bj.evenStake);
    try { say(''); show(await call('POST', '/api/blackjack/deal', { stake })); } catch (error) { say(error.message); }
  });
  document.querySelectorAll('[data-action]').forEach((button) => button.addEventListener('click', async () => {
    try { show(await call('POST', '/api/blackjack/act', { action: button.dataset.action })); } catch (error) { say(error.message); }
  }));
  call('GET', '/api/blackjack/round').then((data) => { if (data.round) show(data.round); }).catch((error) => say(error.message));`,
  });
}
