import { formatNumber, parseSum } from '@kometa/money';
import { createFrame } from '../shared/frame.ts';
import { setDisabled, setText } from '../shared/text.ts';
import { createBoard } from './board.ts';
import { crashPointOf, verifyChain } from './chain.ts';

interface LiveBet {
  roundId: number;
  name: string;
  stake: number;
  target: number | null;
  cashedAt: number | null;
  win: number | null;
}

interface Snapshot {
  chain: { id: number; terminal: string; salt: string; length: number };
  growth: number;
  round: {
    game: number;
    number: number;
    phase: 'betting' | 'flying' | 'crashed';
    elapsed: number;
    endsIn: number;
    point: number | null;
    hash: string | null;
  } | null;
  bets: LiveBet[];
  history: { number: number; point: number; hash: string }[];
  mine: LiveBet | null;
}

type Pushed =
  | ({ type: 'state' } & Snapshot)
  | { type: 'live'; events: Pushed[] }
  | { type: 'betting'; game: number; number: number; endsIn: number }
  | { type: 'bet'; bet: LiveBet }
  | { type: 'flying'; game: number; elapsed: number }
  | { type: 'cashout'; roundId: number; name: string; multiplier: number; win: number }
  | { type: 'crash'; game: number; number: number; point: number; hash: string }
  | { type: 'placed'; roundId: number; balance: number | null; bet: LiveBet }
  | { type: 'cashed'; roundId: number; multiplier: number; win: number }
  | { type: 'paid'; roundId: number; balance: number | null }
  | { type: 'error'; code: string; message: string; balance?: number | null };

const frame = await createFrame(['bet', 'cashout', 'mine']);
const { $, money } = frame;
type Plural = Record<'one' | 'few' | 'many', string>;
const t = frame.game as Record<string, string> & { players: Plural; steps: Plural };
const play = $<HTMLButtonElement>('play');
const auto = $<HTMLInputElement>('auto');
const multiplierText = $('multiplier');
const phaseText = $('phase');
const twoDigits = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A multiplier in hundredths as the game writes it: ×1,10, ×19,69, ×1 204,00. */
const times = (hundredths: number) => `×${twoDigits.format(hundredths / 100)}`;
const plural = (forms: Plural, n: number) => {
  const [ten, hundred] = [n % 10, n % 100];
  const form =
    ten === 1 && hundred !== 11
      ? 'one'
      : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)
        ? 'few'
        : 'many';
  return forms[form].replace('{n}', formatNumber(n, 0));
};

let chain: Snapshot['chain'] | null = null;
let board: ReturnType<typeof createBoard> | null = null;
let phase: 'betting' | 'flying' | 'crashed' = 'betting';
let number = 0;
let bettingEnds = 0;
let current = 100;
let bets = new Map<number, LiveBet>();
let mine: LiveBet | null = null;
let queued = false;
let sending = false;
let history: Snapshot['history'] = [];
let ref = 0;
let socket: WebSocket | null = null;

let batching = false;

function renderBets() {
  if (batching) return;
  const list = $('bets');
  list.replaceChildren();
  const sorted = [...bets.values()].sort((a, b) => b.stake - a.stake);
  $('players').textContent = sorted.length ? plural(t.players, sorted.length) : '';
  if (!sorted.length) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = t.noBets!;
    list.append(empty);
    return;
  }
  for (const bet of sorted.slice(0, 50)) {
    const item = document.createElement('li');
    const lost = phase === 'crashed' && bet.cashedAt === null;
    item.className = `${bet.cashedAt !== null ? 'cashed' : lost ? 'lost' : ''} ${mine?.roundId === bet.roundId ? 'me' : ''}`;
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = bet.name;
    const stake = document.createElement('span');
    stake.textContent = money(bet.stake);
    const out = document.createElement('span');
    out.className = 'out';
    out.textContent =
      bet.cashedAt !== null
        ? `${times(bet.cashedAt)} · ${money(bet.win ?? 0)}`
        : lost
          ? '—'
          : bet.target
            ? `${t.youAuto!.replace('×{multiplier}', times(bet.target))}`
            : '';
    item.append(who, stake, out);
    list.append(item);
  }
}

function renderHistory() {
  const list = $('history');
  list.replaceChildren();
  for (const round of history.slice(0, 14)) {
    const item = document.createElement('li');
    item.className = round.point >= 1_000 ? 'moon' : round.point >= 200 ? 'high' : '';
    item.textContent = times(round.point);
    item.title = `${t.roundHash!.replace('{number}', String(round.number))}: ${round.hash}`;
    list.append(item);
  }
}

function renderButton() {
  const active = mine !== null && mine.cashedAt === null;
  play.classList.toggle('cash-out', phase === 'flying' && active);
  setDisabled(auto, mine !== null && phase !== 'crashed');
  if (phase === 'flying' && active) {
    setText(play, t.cashOut!.replace('{win}', money(Math.floor((mine!.stake * current) / 100))));
    setDisabled(play, sending);
  } else if (phase === 'betting' && mine) {
    setText(play, t.cancelWait!);
    setDisabled(play, true);
  } else if (phase === 'betting') {
    setText(play, t.bet!);
    setDisabled(play, sending);
  } else {
    setText(play, queued ? t.cancelWait! : t.betNext!);
    setDisabled(play, queued);
  }
}

function showPhase() {
  multiplierText.classList.toggle('busted', phase === 'crashed');
  if (phase === 'betting') {
    const seconds = Math.max(0, Math.ceil((bettingEnds - performance.now()) / 1000));
    multiplierText.textContent = times(100);
    phaseText.textContent = t.betting!.replace('{seconds}', String(seconds));
  } else if (phase === 'flying') {
    setText(
      phaseText,
      mine && mine.cashedAt !== null
        ? t.youCashed!.replace('×{multiplier}', times(mine.cashedAt))
        : t.flying!,
    );
  }
}

const send = (message: object) =>
  socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ ...message, ref: ++ref }));

function placeBet() {
  const stake = frame.stakeMinor();
  if (stake === null) return frame.say(frame.text.stakeTooLow!);
  let target: number | null = null;
  if (auto.value.trim()) {
    try {
      target = parseSum(auto.value, 'RUB');
    } catch {
      target = null;
    }
    if (target === null || target < 101 || target > 1_000_000) return frame.say(t.autoBad!);
  }
  sending = true;
  send({ type: 'bet', stake, target });
  renderButton();
}

function onMain() {
  if (phase === 'flying' && mine && mine.cashedAt === null) {
    sending = true;
    send({ type: 'cashout' });
    renderButton();
  } else if (phase === 'betting' && !mine) placeBet();
  else if (phase !== 'betting') {
    queued = true;
    renderButton();
  }
}

function startRound(game: { number: number; endsIn: number }) {
  phase = 'betting';
  number = game.number;
  bettingEnds = performance.now() + game.endsIn;
  bets = new Map();
  mine = null;
  current = 100;
  board?.waiting();
  showPhase();
  renderBets();
  renderButton();
  frame.say(t.waiting!.replace('{number}', String(number)));
  if (queued) {
    queued = false;
    placeBet();
  }
}

function fly(elapsed: number) {
  phase = 'flying';
  board?.fly(elapsed, (multiplier) => {
    current = multiplier;
    setText(multiplierText, times(multiplier));
    if (mine && mine.cashedAt === null) renderButton();
  });
  showPhase();
  renderButton();
  renderBets();
}

function crashed(point: number, hash: string, roundNumber: number) {
  phase = 'crashed';
  board?.crash(point);
  multiplierText.textContent = times(point);
  multiplierText.classList.add('busted');
  phaseText.textContent = t.crashed!.replace('×{point}', times(point));
  if (mine) {
    const settled = bets.get(mine.roundId) ?? mine;
    mine = settled;
    if (settled.cashedAt === null) {
      frame.sound.play('mine');
      frame.toast(times(point), t.youLost!.replace('×{point}', times(point)), true);
      frame.say(t.youLost!.replace('×{point}', times(point)));
    }
    // The server's own balance once the round is settled (an automatic cash-out was paid at the crash).
    setTimeout(() => void refreshBalance(), 400);
  }
  history = [
    { number: roundNumber, point, hash },
    ...history.filter((round) => round.number !== roundNumber),
  ].slice(0, 30);
  renderHistory();
  renderBets();
  renderButton();
  showRoundHash();
}

async function refreshBalance() {
  const session = await frame.call<{ balance: number }>('GET', '/api/session').catch(() => null);
  if (session) frame.setBalance(session.balance);
}

function showRoundHash() {
  const last = history[0];
  const title = $('round-hash-title');
  if (!last || !chain) return;
  title.textContent = t.roundHash!.replace('{number}', String(last.number));
  $('round-hash').textContent = last.hash;
  $<HTMLButtonElement>('check-chain').disabled = false;
  // With the panel open, each new round is checked as it crashes; else when the panel is opened.
  if ($<HTMLDialogElement>('fairness').open) void checkChain();
  else $('chain-check').textContent = '';
}

let checks = 0;

async function checkChain() {
  const last = history[0];
  if (!last || !chain) return;
  const check = ++checks;
  const line = $('chain-check');
  line.className = 'note';
  line.textContent = t.checking!;
  const steps = await verifyChain(last.hash, chain.terminal, chain.length);
  const point = await crashPointOf(last.hash, chain.salt);
  // A newer round's check has begun meanwhile: it says what the panel shows.
  if (check !== checks) return;
  const ok = steps !== null && point === last.point;
  line.className = `note ${ok ? 'ok' : 'bad'}`;
  line.textContent = ok
    ? t
        .chainOk!.replace('{number}', String(last.number))
        .replace('{steps}', plural(t.steps, steps ?? 0))
        .replace('×{point}', times(point))
    : t.chainBad!;
}

function onPushed(message: Pushed) {
  switch (message.type) {
    case 'live':
      // A batch of bets and cash-outs: the list is drawn once for all of them.
      batching = true;
      for (const event of message.events) onPushed(event);
      batching = false;
      renderBets();
      break;
    case 'state': {
      chain = message.chain;
      $('terminal').textContent = message.chain.terminal;
      $('salt').textContent = message.chain.salt;
      board ??= createBoard(frame.app, message.growth);
      history = message.history;
      renderHistory();
      showRoundHash();
      const round = message.round;
      bets = new Map(message.bets.map((bet) => [bet.roundId, bet]));
      mine = message.mine;
      if (!round) break;
      number = round.number;
      if (round.phase === 'betting') {
        phase = 'betting';
        bettingEnds = performance.now() + round.endsIn;
        board.waiting();
      } else if (round.phase === 'flying') fly(round.elapsed);
      else crashed(round.point!, round.hash!, round.number);
      showPhase();
      renderBets();
      renderButton();
      break;
    }
    case 'betting':
      startRound(message);
      break;
    case 'bet':
      bets.set(message.bet.roundId, message.bet);
      renderBets();
      break;
    case 'flying':
      fly(message.elapsed);
      break;
    case 'cashout': {
      const bet = bets.get(message.roundId);
      if (bet) Object.assign(bet, { cashedAt: message.multiplier, win: message.win });
      if (mine?.roundId === message.roundId) {
        // The automatic cash-out (a cash-out by hand was shown with its answer).
        if (mine.cashedAt === null) {
          frame.sound.play('cashout');
          frame.toast(times(message.multiplier), `${frame.text.youWon} ${money(message.win)}`);
          frame.say(t.youCashed!.replace('×{multiplier}', times(message.multiplier)));
        }
        Object.assign(mine, { cashedAt: message.multiplier, win: message.win });
        showPhase();
        renderButton();
      }
      renderBets();
      break;
    }
    case 'crash':
      crashed(message.point, message.hash, message.number);
      break;
    case 'placed':
      sending = false;
      mine = message.bet;
      bets.set(message.bet.roundId, message.bet);
      frame.setBalance(message.balance);
      frame.sound.play('bet');
      renderBets();
      renderButton();
      break;
    case 'cashed':
      sending = false;
      if (mine) Object.assign(mine, { cashedAt: message.multiplier, win: message.win });
      frame.sound.play('cashout');
      frame.toast(times(message.multiplier), `${frame.text.youWon} ${money(message.win)}`);
      frame.say(t.youCashed!.replace('×{multiplier}', times(message.multiplier)));
      showPhase();
      renderBets();
      renderButton();
      break;
    case 'paid':
      frame.setBalance(message.balance);
      break;
    case 'error':
      sending = false;
      frame.say(message.message);
      if (message.balance !== undefined) frame.setBalance(message.balance);
      renderButton();
      break;
  }
}

function connect() {
  const params = new URLSearchParams(location.search);
  const query = new URLSearchParams({
    token: params.get('token') ?? '',
    mode: params.get('mode') === 'demo' ? 'demo' : 'real',
  });
  socket = new WebSocket(
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/crash/ws?${query}`,
  );
  socket.addEventListener('message', (event) => onPushed(JSON.parse(String(event.data)) as Pushed));
  socket.addEventListener('close', () => {
    frame.say(t.offline!);
    sending = false;
    setTimeout(connect, 1_500);
  });
}

setInterval(() => phase === 'betting' && showPhase(), 250);
$('check-chain').addEventListener('click', () => void checkChain());
$('fair').addEventListener('click', () => void checkChain());
frame.onMain(onMain);
connect();
