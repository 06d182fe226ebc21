import { formatNumber } from '@kometa/money';
import { payout, shownMultiplier, TILES } from '../../src/games/mines.ts';
import { OPEN_ROUND_CALL } from '../../src/ui/first-calls.ts';
import { createFrame, PlayError } from '../shared/frame.ts';
import { createBoard } from './board.ts';

interface MinesView {
  roundId: number;
  state: {
    stake: number;
    mines: number;
    revealed: number[];
    hit: number | null;
    finished: boolean;
    cashedOut: boolean;
    win: number;
    field: number[] | null;
  };
  now: { multiplier: number; win: number };
  next: { multiplier: number; win: number } | null;
  proof: { clientSeed: string; nonce: number };
  balance?: number | null;
}

const frame = await createFrame(['bet', 'gem', 'mine', 'cashout'], OPEN_ROUND_CALL.mines);
const { $, money, game, text } = frame;
const t = game as Record<string, string>;
const board = createBoard(frame.app);
const tiles = [...document.querySelectorAll<HTMLButtonElement>('.tile')];
const play = $<HTMLButtonElement>('play');
const random = $<HTMLButtonElement>('random');
const minesSelect = $<HTMLSelectElement>('mines');
const times = (multiplier: number) => `×${formatNumber(multiplier, 2)}`;

let round: MinesView | null = null;
let busy = false;
/** The end of a round still being drawn: the next round may start meanwhile, and waits for it. */
let ending: Promise<unknown> = Promise.resolve();

function box(label: string, value: string) {
  const element = document.createElement('div');
  const span = document.createElement('span');
  span.textContent = label;
  const strong = document.createElement('strong');
  strong.textContent = value;
  element.append(span, strong);
  return element;
}

/** The controls as the round stands: the stake locked while it runs, the main button cashing out. */
function render() {
  const open = round !== null && !round.state.finished;
  const safe = round?.state.revealed.length ?? 0;
  play.classList.toggle('cash-out', open);
  play.textContent = open && round ? `${t.cashOut} ${money(round.now.win)}` : t.play!;
  play.disabled = busy || (open && safe === 0);
  random.disabled = busy || !open;
  for (const id of ['stake', 'half', 'double', 'mines']) ($(id) as HTMLInputElement).disabled = open || busy;
  tiles.forEach((tile, index) => {
    tile.disabled = busy || !open || (round?.state.revealed.includes(index) ?? false);
  });
  const readout = $('readout');
  readout.replaceChildren();
  if (open && round) {
    readout.append(
      box(`${t.now} · ${t.gems} ${safe}`, `${times(round.now.multiplier)} · ${money(round.now.win)}`),
    );
    if (round.next)
      readout.append(box(t.next!, `${times(round.next.multiplier)} · ${money(round.next.win)}`));
  } else {
    const mines = Number(minesSelect.value);
    const stake = frame.stakeMinor() ?? 0;
    readout.append(box(t.mines!, String(mines)));
    readout.append(box(t.next!, `${times(shownMultiplier(mines, 1))} · ${money(payout(stake, mines, 1))}`));
  }
}

/** A refusal: said in Russian; a round out of step with the server is read again. */
async function refused(error: unknown) {
  frame.say(error instanceof Error ? error.message : String(error));
  if (error instanceof PlayError && ['busy', 'mines_no_round', 'mines_open'].includes(error.code))
    await restore();
}

async function restore() {
  const data = await frame.early<{ round: MinesView | null }>();
  round = data.round;
  board.show(round?.state.revealed ?? []);
  if (round) frame.say(t.pickTile!);
}

async function finish(view: MinesView) {
  round = view;
  const field = view.state.field ?? [];
  frame.played({
    id: view.roundId,
    clientSeed: view.proof.clientSeed,
    nonce: view.proof.nonce,
    async check(draws) {
      const order = await draws.shuffle(Array.from({ length: TILES }, (_, tile) => tile));
      const mines = order.slice(0, view.state.mines).sort((a, b) => a - b);
      return {
        ok: mines.join() === [...field].sort((a, b) => a - b).join(),
        detail: `${t.fieldWas}: ${mines.map((tile) => tile + 1).join(', ')}`,
      };
    },
  });
  if (view.state.cashedOut) {
    frame.sound.play('cashout');
    frame.toast(times(view.now.multiplier), `${text.youWon} ${money(view.state.win)}`);
    frame.say(`${t.cashedOut}: ${money(view.state.win)}`);
    frame.setBalance(view.balance ?? null);
    ending = Promise.all([board.celebrate(), board.uncover(field)]);
  } else {
    frame.toast(t.boom!, `${text.stake} ${money(view.state.stake)}`, true);
    frame.say(t.boom!);
    frame.setBalance(view.balance ?? null);
    ending = board.uncover(field);
  }
}

async function start() {
  const stake = frame.stakeMinor();
  if (stake === null) return frame.say(text.stakeTooLow!);
  busy = true;
  render();
  frame.hideToast();
  try {
    const [view] = await Promise.all([
      frame.call<MinesView>('POST', '/api/mines/start', { stake, mines: Number(minesSelect.value) }),
      ending.then(() => board.reset()),
    ]);
    round = view;
    frame.setBalance(view.balance ?? null);
    frame.sound.play('bet');
    frame.say(t.pickTile!);
  } catch (error) {
    await refused(error);
  } finally {
    busy = false;
    render();
  }
}

async function reveal(tile: number) {
  if (busy || !round || round.state.finished) return;
  busy = true;
  render();
  try {
    const view = await frame.call<MinesView>('POST', '/api/mines/reveal', { tile });
    if (view.state.hit !== null) {
      frame.sound.play('mine');
      round = view;
      await board.boom(view.state.hit);
      await finish(view);
    } else {
      frame.sound.play('gem', 1 + view.state.revealed.length * 0.04);
      round = view;
      await board.gem(tile);
      if (view.state.finished) await finish(view);
    }
  } catch (error) {
    await refused(error);
  } finally {
    busy = false;
    render();
  }
}

async function cashOut() {
  if (busy || !round) return;
  busy = true;
  render();
  try {
    await finish(await frame.call<MinesView>('POST', '/api/mines/cashout'));
  } catch (error) {
    await refused(error);
  } finally {
    busy = false;
    render();
  }
}

tiles.forEach((tile, index) => {
  tile.addEventListener('click', () => void reveal(index));
  tile.addEventListener('pointerenter', () => board.hover(index));
  tile.addEventListener('pointerleave', () => board.hover(-1));
  tile.addEventListener('focus', () => board.hover(index));
  tile.addEventListener('blur', () => board.hover(-1));
});
random.addEventListener('click', () => {
  const closed = tiles.map((_, index) => index).filter((index) => !round?.state.revealed.includes(index));
  const pick = closed[Math.floor(Math.random() * closed.length)];
  if (pick !== undefined) void reveal(pick);
});
minesSelect.addEventListener('change', render);
$('stake').addEventListener('input', render);
frame.onMain(() => void (round && !round.state.finished ? cashOut() : start()));

await restore().catch(refused);
render();
