import { formatNumber } from '@kometa/money';
import { createFrame } from '../shared/frame.ts';
import { createBoard } from './board.ts';

interface DropResult {
  roundId: number;
  outcome: { path: number[]; bucket: number; multiplier: number; win: number };
  balance: number | null;
  proof: { clientSeed: string; nonce: number; commitment: string };
  settling?: boolean;
}

const frame = await createFrame(['bet', 'peg', 'bucket']);
const { $, money, game, boot } = frame;
const t = game as Record<string, string>;
const tables = boot.tables as Record<string, Record<string, number[]>>;
const rowsSelect = $<HTMLSelectElement>('rows');
const play = $<HTMLButtonElement>('play');
const risk = () =>
  (document.querySelector<HTMLInputElement>('input[name="risk"]:checked')?.value ?? 'medium') as string;
const times = (multiplier: number) => `×${formatNumber(multiplier, 2)}`;

let lastPeg = 0;
const board = createBoard(frame.app, () => {
  // Pegs tick, but never more than one in 40 ms, however many balls fall.
  const now = performance.now();
  if (now - lastPeg < 40) return;
  lastPeg = now;
  frame.sound.play('peg', 0.9 + Math.random() * 0.3);
});

/** Balls in the air: the shown balance takes each stake at the drop and each win at the landing. */
let inFlight = 0;
let requests = 0;
let shown: number | null = null;
let settled: number | null = null;
let settledRound = 0;
const recent: { multiplier: number; win: number }[] = [];

function setBoard() {
  const rows = Number(rowsSelect.value);
  board.setTable(rows, tables[risk()]![String(rows)]!);
}

function render() {
  const busy = inFlight > 0 || requests > 0;
  play.disabled = requests >= 3 || frame.autoplaying;
  rowsSelect.disabled = busy || frame.autoplaying;
  for (const id of ['stake', 'half', 'double']) ($(id) as HTMLInputElement).disabled = frame.autoplaying;
  document
    .querySelectorAll<HTMLInputElement>('input[name="risk"]')
    .forEach((input) => (input.disabled = busy || frame.autoplaying));
  const readout = $('readout');
  readout.replaceChildren();
  for (const item of recent.slice(0, 2)) {
    const element = document.createElement('div');
    const span = document.createElement('span');
    span.textContent = t.landed!.replace('×{multiplier}', times(item.multiplier));
    const strong = document.createElement('strong');
    strong.textContent = money(item.win);
    element.append(span, strong);
    readout.append(element);
  }
}

/** One drop; resolves once the ball has landed, with what it staked and won (null: not played). */
async function drop(options: { autoplay?: true } = {}): Promise<{ stake: number; win: number } | null> {
  const stake = frame.stakeMinor();
  if (stake === null) {
    frame.say(frame.text.stakeTooLow!);
    return null;
  }
  requests++;
  render();
  let result: DropResult;
  try {
    result = await frame.call<DropResult>('POST', '/api/plinko/play', {
      stake,
      rows: Number(rowsSelect.value),
      risk: risk(),
      ...options,
    });
  } catch (error) {
    frame.say((error as Error).message);
    return null;
  } finally {
    requests--;
    render();
  }
  frame.sound.play('bet');
  inFlight++;
  // The balance after the latest round the server settled (answers may come back out of order).
  if (result.roundId > settledRound && result.balance !== null) {
    settledRound = result.roundId;
    settled = result.balance;
  }
  shown = (shown ?? frame.balance ?? 0) - stake;
  frame.setBalance(shown);
  frame.played({
    id: result.roundId,
    clientSeed: result.proof.clientSeed,
    nonce: result.proof.nonce,
    async check(draws) {
      const path: number[] = [];
      for (let row = 0; row < result.outcome.path.length; row++) path.push(await draws.int(2));
      return {
        ok: path.join() === result.outcome.path.join(),
        detail: `${t.path}: ${path.map((step) => (step ? t.right : t.left)).join(' ')}`,
      };
    },
  });
  await board.drop(result.outcome.path, result.outcome.bucket);
  inFlight--;
  frame.sound.play('bucket', result.outcome.multiplier >= 1 ? 1.2 : 0.85);
  shown += result.outcome.win;
  // Once every ball has landed, the balance is the server's, to the kopeck.
  frame.setBalance(inFlight === 0 && settled !== null ? settled : shown);
  if (inFlight === 0) shown = null;
  recent.unshift({ multiplier: result.outcome.multiplier, win: result.outcome.win });
  recent.length = Math.min(recent.length, 6);
  frame.say(
    `${t.landed!.replace('×{multiplier}', times(result.outcome.multiplier))}: ${result.outcome.win > 0 ? `${frame.text.youWon} ${money(result.outcome.win)}` : money(0)}`,
  );
  if (result.outcome.multiplier >= 2)
    frame.toast(
      times(result.outcome.multiplier),
      `${frame.text.youWon} ${money(result.outcome.win)}`,
      false,
      1_400,
    );
  render();
  return { stake, win: result.outcome.win };
}

rowsSelect.addEventListener('change', setBoard);
document
  .querySelectorAll<HTMLInputElement>('input[name="risk"]')
  .forEach((input) => input.addEventListener('change', setBoard));
frame.onMain(() => void drop());
// Autoplay drops one ball at a time, each after the last has landed (ADR 046).
frame.setAutoplay((options) => drop(options));
frame.onAutoplay(render);
setBoard();
play.disabled = false;
render();
