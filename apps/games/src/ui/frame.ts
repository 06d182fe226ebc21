import { DEFAULT_CURRENCY, DISPLAY_LOCALE, inlineAmountScript } from '@kometa/money';
import { gameMessagesRu as t } from './messages.ru.ts';

export const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The head every page of the game server shares: Russian metadata and the one style sheet. */
export function pageHead(title: string): string {
  return `<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=5">
<title>${escape(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; background: #10131a; color: #f2f4f8; }
  main { max-width: 560px; margin: 0 auto; display: grid; gap: 12px; }
  label { display: grid; gap: 4px; font-size: 14px; }
  input, select, button { height: 40px; border-radius: 20px; border: 1px solid #3a4356; background: #1b2130; color: inherit; padding: 0 16px; font-size: 16px; }
  button { cursor: pointer; background: #2a62d6; border: 0; }
  button:disabled { cursor: not-allowed; background: #2a3142; color: #7d879c; }
  input:disabled { color: #a9b2c6; border-style: dashed; cursor: not-allowed; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid #8fb4ff; outline-offset: 2px; }
  .row { display: flex; gap: 8px; flex-wrap: wrap; } .row > * { flex: 1; }
  .big { font-size: 48px; text-align: center; font-variant-numeric: tabular-nums; }
  .note { font-size: 13px; color: #a9b2c6; overflow-wrap: anywhere; }
  details { background: #1b2130; border-radius: 12px; padding: 8px 12px; }
  .free { display: flex; align-items: center; gap: 12px; padding: 10px 14px; border-radius: 14px; background: linear-gradient(90deg, #3b2a8f, #1f4fc4); box-shadow: 0 0 0 1px #6f8dff55 inset; }
  .free[hidden] { display: none; } .free svg { flex: none; }
  .free strong { font-size: 18px; display: block; } .free span { font-size: 13px; color: #cfd8ff; }
  /* A button's words never break inside: outside bets sit three to a row, each on one line. */
  button { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .bets { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 6px; } .bets button { padding: 0 8px; }
  /* Inside a casino's page (an iframe) the casino shows the title and its lobby and cashier links. */
  html.embedded main > h1, html.embedded #links { display: none; }
</style>
<script>if (window.self !== window.top) document.documentElement.classList.add('embedded');</script>
</head>`;
}

/** The free rounds' badge: a gift box with a star, drawn for the frames. */
const FREE_ROUNDS_ICON = `<svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
  <rect x="5" y="14" width="26" height="18" rx="3" fill="#ffcf4a"/>
  <rect x="3" y="9" width="30" height="7" rx="2" fill="#ffdf7e"/>
  <rect x="16" y="9" width="4" height="23" fill="#e0492f"/>
  <path d="M18 9c-3-6-10-6-9-1 1 3 6 2 9 1zm0 0c3-6 10-6 9-1-1 3-6 2-9 1z" fill="none" stroke="#e0492f" stroke-width="2"/>
  <path d="M26 20l1.2 2.6 2.8.3-2.1 1.9.6 2.8-2.5-1.4-2.5 1.4.6-2.8-2.1-1.9 2.8-.3z" fill="#fff"/>
</svg>`;

/** A studio game's look (ADR 050): its theme's scene behind the game, and its symbols on the reels. */
export interface FrameTheme {
  /** The scene as an inline SVG (inline: the frame's CSP loads no images from elsewhere, data: neither). */
  backdrop: string;
  /** A picture and a Russian name for each of the engine's symbols, by the engine's symbol code. */
  symbols: Record<string, { name: string; svg: string }>;
}

/** A studio game played on one of our engines: its own title, look, and its calls under its own path. */
export interface FrameAs {
  title: string;
  base: string;
  theme?: FrameTheme | undefined;
}

/** The pictures and names a slot frame shows: the theme's when the game has one, else the engine's own. */
export function symbolsOf<S extends string>(
  own: Record<S, string>,
  names: Record<S, string>,
  as?: FrameAs,
): { pictures: Record<S, string>; names: Record<S, string> } {
  const themed = as?.theme?.symbols;
  if (!themed) return { pictures: own, names };
  const keys = Object.keys(own) as S[];
  return {
    pictures: Object.fromEntries(keys.map((k) => [k, themed[k]?.svg ?? own[k]])) as Record<S, string>,
    names: Object.fromEntries(keys.map((k) => [k, themed[k]?.name ?? names[k]])) as Record<S, string>,
  };
}

/** The scene behind a themed game: fixed, full-window, under a dark veil so the controls stay legible. */
const themeLayer = (theme: FrameTheme) => `<style>
  body { background: #0b0f1a; }
  .backdrop { position: fixed; inset: 0; z-index: -2; } .backdrop svg { width: 100%; height: 100%; }
  .backdrop::after { content: ''; position: absolute; inset: 0; background: linear-gradient(180deg, #0b0f1a66, #0b0f1acc); }
  main { position: relative; background: #10131acc; border-radius: 20px; padding: 16px; box-shadow: 0 0 0 1px #ffffff14; }
  .big svg { width: 1.5em; height: 1.5em; vertical-align: middle; filter: drop-shadow(0 2px 4px #0008); }
</style><div class="backdrop" aria-hidden="true">${theme.backdrop}</div>`;

/**
 * The frame every game page shares: Russian head and styles, the balance, the demo notice, the RTP
 * line, the provably-fair panel, and the script helpers (`call`, `money`, `stakeOf`, `refresh`, `showFairness`,
 * `say`) the game's own script uses.
 */
export function framePage(page: {
  title: string;
  mode: 'real' | 'demo';
  rtp: string;
  body: string;
  script: string;
  as?: FrameAs | undefined;
}): string {
  const title = page.as?.title ?? page.title;
  return `<!doctype html>
<html lang="ru">
${pageHead(title)}
<body>
${page.as?.theme ? themeLayer(page.as.theme) : ''}
<main>
  <h1>${escape(title)}</h1>
  ${page.mode === 'demo' ? `<p class="note">${escape(t.demo)}</p>` : ''}
  <nav class="row" id="links" hidden>
    <a id="back" target="_top" style="color:#8fb4ff" hidden>${escape(t.toLobby)}</a>
    <a id="cash" target="_top" style="color:#8fb4ff" hidden>${escape(t.toCashier)}</a>
  </nav>
  <p>${escape(t.balance)}: <strong id="balance">—</strong></p>
  <div class="free" id="free-rounds" role="status" hidden>${FREE_ROUNDS_ICON}<div><strong id="free-rounds-left"></strong><span id="free-rounds-stake"></span></div></div>
  ${page.body}
  <p id="result" class="note" aria-live="polite"></p>
  <p class="note">${escape(page.rtp)}</p>
  <details>
    <summary>${escape(t.fairness)}</summary>
    <p class="note">${escape(t.commitment)}: <span id="commitment"></span></p>
    <label>${escape(t.clientSeed)} <input id="client-seed" maxlength="64"></label>
    <p class="note">${escape(t.nonce)}: <span id="nonce"></span></p>
    <button id="rotate" type="button">${escape(t.rotate)}</button>
    <p class="note" id="revealed"></p>
    <p class="note"><a href="/fairness" target="_blank" rel="noopener" style="color:#8fb4ff">${escape(t.verify.title)}</a></p>
  </details>
</main>
<script>
  const text = ${JSON.stringify({ won: t.won, lost: t.lost, multiplier: t.multiplier, revealed: t.revealed, errors: t.errors, free: t.freeRounds })};
  const base = ${JSON.stringify(page.as?.base ?? '')};
  const params = new URLSearchParams(location.search);
  const session = { token: params.get('token') || '', mode: params.get('mode') === 'demo' ? 'demo' : 'real' };
  // Sums as the site writes them (@kometa/money): "1 000,00 ₽", in the session's currency.
  ${inlineAmountScript('amounts')}
  let currency = ${JSON.stringify(DEFAULT_CURRENCY)};
  const money = (minor) => amounts.amount(minor, currency);
  /** A roll or a multiplier as Russian writes it: "50,25", "1,98". */
  const decimal = (value, digits) => new Intl.NumberFormat(${JSON.stringify(DISPLAY_LOCALE)}, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  /** A stake typed in the session's currency, in its minor units. */
  const stakeOf = (input) => amounts.minor(input.value, currency);
  const $ = (id) => document.getElementById(id);
  const say = (message) => { $('result').textContent = message; };
  async function call(method, path, body) {
    const url = base + (method === 'GET' ? path + '?' + new URLSearchParams(session) : path);
    const response = await fetch(url, method === 'GET' ? {} : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...session, ...body }) });
    const json = await response.json();
    if (json.error) throw new Error(json.error.message);
    return json.data;
  }
  function showFairness(f) { $('commitment').textContent = f.commitment; $('client-seed').value = f.clientSeed; $('nonce').textContent = f.nonce; }
  function settled(data) { if (data.balance !== null) $('balance').textContent = money(data.balance); $('nonce').textContent = data.proof.nonce; }
  // The casino's free rounds on this game (ADR 031): the stake is theirs and locked while any are left.
  let freeRounds = null;
  let freeWon = 0;
  function showFreeRounds() {
    const on = freeRounds !== null && freeRounds.left > 0;
    $('free-rounds').hidden = !on;
    const stake = $('stake');
    if (stake) { stake.disabled = on; if (on) stake.valueAsNumber = freeRounds.betValue / 100; }
    const spin = $('spin');
    const bet = on && freeRounds.freeBet;
    if (spin) { if (!spin.dataset.label) spin.dataset.label = spin.textContent; spin.textContent = on ? (bet ? text.free.freeBetSpin : text.free.spin) : spin.dataset.label; }
    if (!on) return;
    $('free-rounds-left').textContent = bet
      ? text.free.freeBet.replace('{stake}', money(freeRounds.betValue))
      : text.free.left.replace('{left}', freeRounds.left).replace('{total}', freeRounds.total);
    $('free-rounds-stake').textContent = bet ? text.free.freeBetNote : text.free.stake.replace('{stake}', money(freeRounds.betValue));
  }
  /** After a spin: the free rounds left, and the total they won once the last is played. */
  function freeRoundPlayed(data) {
    if (!data.freeRounds) return false;
    const bet = data.freeRounds.freeBet;
    freeWon += bet ? Math.max(0, data.outcome.win - data.freeRounds.betValue) : data.outcome.win;
    freeRounds = data.freeRounds.left > 0 ? data.freeRounds : null;
    showFreeRounds();
    if (freeRounds === null) {
      if (bet) say(freeWon > 0 ? text.free.freeBetDone : text.free.freeBetLost);
      else say(freeWon > 0 ? text.free.done.replace('{win}', money(freeWon)) : text.free.doneEmpty);
      freeWon = 0;
    }
    return freeRounds === null;
  }
  async function refresh() {
    const data = await call('GET', '/api/session');
    currency = data.currency;
    $('balance').textContent = money(data.balance);
    showFairness(data.fairness);
    freeRounds = data.freeRounds || null;
    showFreeRounds();
  }
  $('client-seed').addEventListener('change', async () => { try { showFairness(await call('PUT', '/api/fairness/client-seed', { clientSeed: $('client-seed').value })); } catch (error) { say(error.message); } });
  $('rotate').addEventListener('click', async () => {
    try {
      const data = await call('POST', '/api/fairness/rotate', {});
      $('revealed').textContent = text.revealed + ': ' + data.revealed.serverSeed;
      showFairness(data.next);
    } catch (error) { say(error.message); }
  });
  // The casino's lobby and cashier, opened in the whole window (only web addresses are linked).
  for (const [id, name] of [['back', 'backUrl'], ['cash', 'cashUrl']]) {
    const target = params.get(name);
    if (target && (target.startsWith('https://') || target.startsWith('http://'))) { $(id).href = target; $(id).hidden = false; $('links').hidden = false; }
  }
  refresh().catch((error) => say(error.message));
${page.script}
</script>
</body>
</html>
`;
}
