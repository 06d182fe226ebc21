import { Container, Graphics, Text } from 'pixi.js';
import { formatNumber } from '@kometa/money';
import { createFrame } from '../shared/frame.ts';
import { redraw } from '../shared/tween.ts';
import { colourOf, keyOf, type Orientation, type Spot } from './layout.ts';
import { CHIPS, createTable, type PlacedBet } from './table.ts';
import { createWheel } from './wheel.ts';

interface SpinResult {
  roundId: number;
  outcome: { pocket: number; win: number };
  balance: number | null;
  proof: { clientSeed: string; nonce: number; commitment: string };
}

interface RouletteTexts {
  spot: Record<string, string>;
  colours: Record<'red' | 'black' | 'green', string>;
  dozens: string[];
  [key: string]: unknown;
}

/** Bets the server takes in one spin (play.contracts: up to 20). */
const MAX_BETS = 20;

const frame = await createFrame(['bet', 'peg', 'bucket', 'cashout']);
const { $, money } = frame;
const t = frame.game as unknown as RouletteTexts & Record<string, string>;

/** A sum on a chip: "10", "2,5", "1,5К". */
function short(minor: number): string {
  const rubles = minor / 100;
  return rubles >= 1_000 ? `${formatNumber(rubles / 1_000, 1)}${t.thousand}` : formatNumber(rubles, 2);
}

const labels: Record<string, string> = {
  low: t.low!,
  high: t.high!,
  odd: t.odd!,
  even: t.even!,
};
const table = createTable(frame.app, labels, short);
const wheel = createWheel(frame.app, () => frame.sound.play('peg', 0.8 + Math.random() * 0.4));
const history = new Container();
// A slow device still sees the spin take its time on the clock: frames may be up to half a second apart.
frame.app.ticker.minFPS = 2;
frame.app.stage.addChild(table.root, wheel.root, history);

let bets: PlacedBet[] = [];
const undo: PlacedBet[][] = [];
let lastSpun: PlacedBet[] = [];
let lastNumbers: number[] = [];
let pocket: number | null = null;
let spinning = false;
let chip: number = CHIPS[2].value;

/** What each spot is called for screen readers and tests ("17", "Сплит 17 и 20", "Угол 17, 18, 20, 21"). */
function nameOf(spot: Spot): string {
  const [first] = spot.numbers;
  if (spot.kind === 'straight') return String(first);
  if (['red', 'black', 'odd', 'even', 'low', 'high'].includes(spot.kind)) return t[spot.kind] as string;
  if (spot.kind === 'column') return t.spot.column!.replace('{n}', String(first));
  const numbers =
    spot.kind === 'split'
      ? spot.numbers.join(' и ')
      : spot.kind === 'line' || spot.kind === 'dozen'
        ? `${first}–${spot.numbers.at(-1)}`
        : spot.numbers.join(', ');
  return t.spot[spot.kind]!.replace('{numbers}', numbers);
}

// One button over every spot: the table is tapped, clicked, tabbed and read through them.
const layer = $('spots');
const buttons = new Map<string, HTMLButtonElement>();
function makeButtons() {
  layer.replaceChildren();
  buttons.clear();
  for (const spot of table.table.spots) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `spot ${spot.kind}`;
    button.setAttribute('aria-label', nameOf(spot));
    button.addEventListener('click', () => place(spot));
    button.addEventListener('pointerenter', () => table.hover(spot.numbers));
    button.addEventListener('pointerleave', () => table.hover([]));
    button.addEventListener('focus', () => table.hover(spot.numbers));
    button.addEventListener('blur', () => table.hover([]));
    layer.append(button);
    buttons.set(keyOf(spot.numbers), button);
  }
}

function layout() {
  const { width: w, height: h } = frame.app.screen;
  if (w < 10 || h < 10) return;
  const orientation: Orientation = w / h < 0.9 ? 'standing' : 'lying';
  const turned = orientation !== table.table.orientation || buttons.size === 0;
  const pad = orientation === 'standing' ? 10 : 16;
  let area;
  if (orientation === 'standing') {
    const sx = (w - pad * 2) / 5;
    const sy = Math.min(sx * 0.58, ((h - pad * 2) * 0.71) / 14);
    area = { x: pad, y: h - pad - sy * 14, w: sx * 5, h: sy * 14 };
  } else {
    const s = Math.min((w - pad * 2) / 14, (h * 0.44) / 5);
    area = { x: (w - s * 14) / 2, y: h - pad - s * 5, w: s * 14, h: s * 5 };
  }
  table.layout(area, orientation);
  const wheelSpace = area.y - pad * 2;
  const radius = Math.max(40, Math.min(wheelSpace / 2, w * (orientation === 'standing' ? 0.27 : 0.22)));
  wheel.layout(w / 2, pad + wheelSpace / 2, radius);
  drawHistory(w / 2 + radius, pad, wheelSpace);
  if (turned) makeButtons();
  for (const spot of table.table.spots) {
    const button = buttons.get(keyOf(spot.numbers))!;
    const r = table.areaOf(spot);
    Object.assign(button.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.w}px`, height: `${r.h}px` });
  }
  showBets();
}

/** The last numbers, newest on top, in a column beside the wheel. */
let historyAt = { x: 0, y: 0, h: 0 };
function drawHistory(x = historyAt.x, y = historyAt.y, h = historyAt.h) {
  historyAt = { x, y, h };
  history.removeChildren().forEach((child) => child.destroy({ children: true }));
  const free = frame.app.screen.width - x;
  const r = Math.max(9, Math.min(16, free * 0.16, h / 18));
  const cx = x + Math.min(free / 2, r * 3.2);
  const count = Math.min(10, Math.floor((h - r) / (r * 2.35)));
  lastNumbers.slice(0, count).forEach((n, i) => {
    const big = i === 0 ? 1.18 : 1;
    const colour = { red: 0xc8202c, black: 0x20232b, green: 0x138a45 }[colourOf(n)];
    const cy = y + r * 1.3 + i * r * 2.35 + (i ? r * 0.35 : 0);
    const disc = new Graphics()
      .circle(cx, cy, r * big)
      .fill(colour)
      .circle(cx, cy, r * big)
      .stroke({
        width: i === 0 ? 2.5 : 1.2,
        color: i === 0 ? 0xffd35a : 0xffffff,
        alpha: i === 0 ? 1 : 0.35,
      });
    const label = new Text({
      text: String(n),
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontSize: r * 0.95 * big,
        fontWeight: '800',
        fill: 0xffffff,
      },
    });
    label.anchor.set(0.5);
    label.resolution = 2;
    label.position.set(cx, cy);
    disc.alpha = 1 - i * 0.06;
    history.addChild(disc, label);
  });
  const list = $('last');
  list.replaceChildren(
    ...lastNumbers.slice(0, 10).map((n) => {
      const item = document.createElement('li');
      item.textContent = `${n} ${t.colours[colourOf(n)]}`;
      return item;
    }),
  );
  void redraw(frame.app.ticker);
}

const total = () => bets.reduce((sum, bet) => sum + bet.stake, 0);

function showBets() {
  table.setBets(bets, pocket);
  $('total').textContent = money(total());
  const busy = spinning;
  $<HTMLButtonElement>('undo').disabled = busy || undo.length === 0;
  $<HTMLButtonElement>('clear-bets').disabled = busy || bets.length === 0;
  $<HTMLButtonElement>('double-bets').disabled = busy || bets.length === 0;
  $<HTMLButtonElement>('repeat').disabled = busy || lastSpun.length === 0;
  $<HTMLButtonElement>('play').disabled = busy;
  // Taps on the table wait for the wheel (keys too: `change` refuses bets while it spins).
  $('spots-lock').hidden = !busy;
}

/** A change to the bets: remembered for undo; the last spin's marks go. */
function change(next: PlacedBet[]) {
  if (spinning) return false;
  if (next.length > MAX_BETS) {
    frame.say(t.tooManyBets!);
    return false;
  }
  undo.push(bets.map((bet) => ({ spot: bet.spot, stake: bet.stake })));
  if (undo.length > 100) undo.shift();
  bets = next.map((bet) => ({ spot: bet.spot, stake: bet.stake }));
  pocket = null;
  frame.say('');
  showBets();
  return true;
}

function place(spot: Spot) {
  const key = keyOf(spot.numbers);
  const found = bets.find((bet) => keyOf(bet.spot.numbers) === key);
  const next = found
    ? bets.map((bet) => (bet === found ? { spot, stake: bet.stake + chip } : bet))
    : [...bets, { spot, stake: chip }];
  if (!change(next)) return;
  frame.sound.play('bet', 1.1);
  void table.drop(spot);
}

/** One spin of the bets on the table; resolves with what it staked and won (for the frame's autoplay). */
async function spin(): Promise<{ stake: number; win: number } | null> {
  if (spinning) return null;
  if (bets.length === 0) {
    frame.say(t.noBets!);
    return null;
  }
  // On a phone the bets may have been placed low on the table: bring the wheel into sight. Read
  // before anything on the page changes, so that the browser need not lay it out again to answer.
  const stage = $('stage');
  const wheelHidden = stage.getBoundingClientRect().top < 0;
  const stake = total();
  spinning = true;
  pocket = null;
  bets = bets.map((bet) => ({ spot: bet.spot, stake: bet.stake }));
  frame.hideToast();
  frame.say(t.spinning!);
  if (wheelHidden)
    stage.scrollIntoView({
      block: 'start',
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  showBets();
  let result: SpinResult;
  try {
    result = await frame.call<SpinResult>('POST', '/api/roulette/play', {
      bets: bets.map((bet) => ({ numbers: bet.spot.numbers, stake: bet.stake })),
    });
  } catch (error) {
    spinning = false;
    frame.say((error as Error).message);
    showBets();
    return null;
  }
  frame.sound.play('bet');
  frame.setBalance((frame.balance ?? 0) - stake);
  frame.played({
    id: result.roundId,
    clientSeed: result.proof.clientSeed,
    nonce: result.proof.nonce,
    async check(draws) {
      const found = await draws.int(37);
      return { ok: found === result.outcome.pocket, detail: `${frame.boot.text.verify.pocket} ${found}` };
    },
  });
  lastSpun = bets.map((bet) => ({ spot: bet.spot, stake: bet.stake }));
  const speed = (frame as { speed?: number }).speed ?? 1;
  await wheel.spin(result.outcome.pocket, speed);
  const landed = result.outcome.pocket;
  frame.sound.play('bucket');
  pocket = landed;
  bets = bets.map((bet) => ({
    ...bet,
    won: bet.spot.numbers.includes(landed) ? (bet.stake * 36) / bet.spot.numbers.length : 0,
  }));
  const line = t.landed!.replace('{n}', String(landed)).replace('{colour}', t.colours[colourOf(landed)]);
  const win = result.outcome.win;
  frame.say(win > 0 ? `${line}. ${t.won}: ${money(win)}` : `${line}. ${t.lost}`);
  // The landing is shown over three frames, none of them long on a slow phone (ADR 042 addendum,
  // session 15): the words, then the chips with what each returned, then the numbers, the balance
  // and the win. The table stays locked until all is shown.
  await redraw(frame.app.ticker);
  table.setBets(bets, pocket);
  await redraw(frame.app.ticker);
  lastNumbers = [landed, ...lastNumbers].slice(0, 12);
  drawHistory();
  if (result.balance !== null) frame.setBalance(result.balance);
  if (win > 0) {
    frame.sound.play('cashout');
    frame.toast(money(win), line, false, 2_200);
  }
  spinning = false;
  showBets();
  return { stake, win };
}

// The chips, undo, clear, repeat and double.
document.querySelectorAll<HTMLInputElement>('input[name="chip"]').forEach((input) => {
  if (input.checked) chip = Number(input.value);
  input.addEventListener('change', () => (chip = Number(input.value)));
});
$('undo').addEventListener('click', () => {
  const previous = undo.pop();
  if (!previous || spinning) return;
  bets = previous;
  pocket = null;
  showBets();
});
$('clear-bets').addEventListener('click', () => change([]));
$('repeat').addEventListener('click', () => change(lastSpun));
$('double-bets').addEventListener('click', () =>
  change(bets.map((bet) => ({ spot: bet.spot, stake: bet.stake * 2 }))),
);

frame.app.renderer.on('resize', layout);
layout();
frame.onMain(() => void spin());
(frame as { register?: (game: { play: typeof spin }) => void }).register?.({ play: spin });
showBets();
