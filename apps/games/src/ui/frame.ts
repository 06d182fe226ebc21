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
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid #8fb4ff; outline-offset: 2px; }
  .row { display: flex; gap: 8px; flex-wrap: wrap; } .row > * { flex: 1; }
  .big { font-size: 48px; text-align: center; font-variant-numeric: tabular-nums; }
  .note { font-size: 13px; color: #a9b2c6; overflow-wrap: anywhere; }
  details { background: #1b2130; border-radius: 12px; padding: 8px 12px; }
</style>
</head>`;
}

/** A studio game played on one of our engines: its own title, and its calls under its own path. */
export interface FrameAs {
  title: string;
  base: string;
}

/**
 * The frame every game page shares: Russian head and styles, the balance, the demo notice, the RTP
 * line, the provably-fair panel, and the script helpers (`call`, `money`, `refresh`, `showFairness`,
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
<main>
  <h1>${escape(title)}</h1>
  ${page.mode === 'demo' ? `<p class="note">${escape(t.demo)}</p>` : ''}
  <nav class="row" id="links" hidden>
    <a id="back" target="_top" style="color:#8fb4ff" hidden>${escape(t.toLobby)}</a>
    <a id="cash" target="_top" style="color:#8fb4ff" hidden>${escape(t.toCashier)}</a>
  </nav>
  <p>${escape(t.balance)}: <strong id="balance">—</strong></p>
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
  const text = ${JSON.stringify({ won: t.won, lost: t.lost, multiplier: t.multiplier, revealed: t.revealed, errors: t.errors })};
  const base = ${JSON.stringify(page.as?.base ?? '')};
  const params = new URLSearchParams(location.search);
  const session = { token: params.get('token') || '', mode: params.get('mode') === 'demo' ? 'demo' : 'real' };
  const money = (minor) => (minor / 100).toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
  async function refresh() {
    const data = await call('GET', '/api/session');
    $('balance').textContent = money(data.balance);
    showFairness(data.fairness);
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
