import { formatNumber } from '@kometa/money';
import { MAX_CHANCE, MIN_CHANCE, multiplier, payout, ROLLS } from './odds.ts';
import { createFrame } from '../shared/frame.ts';
import { createBoard } from './board.ts';

interface RollResult {
  roundId: number;
  outcome: { roll: number; won: boolean; win: number };
  multiplier: number;
  balance: number | null;
  proof: { clientSeed: string; nonce: number };
}

const frame = await createFrame(['bet', 'roll', 'cashout']);
const { $, money } = frame;
const t = frame.game as Record<string, string>;
const speed = () => Number((frame as unknown as { speed?: number }).speed ?? 1) || 1;
const board = createBoard(frame.app, speed);
const play = $<HTMLButtonElement>('play');
const chanceInput = $<HTMLInputElement>('chance');
const target = $<HTMLInputElement>('target');
let busy = false;

const direction = () =>
  (document.querySelector<HTMLInputElement>('input[name="direction"]:checked')?.value ?? 'over') as
    'under' | 'over';
const clamp = (value: number) => Math.min(MAX_CHANCE, Math.max(MIN_CHANCE, Math.round(value) || MIN_CHANCE));
const chance = () => clamp(Number(chanceInput.value));
const times = (value: number) => `×${formatNumber(value, value * 100 === Math.floor(value * 100) ? 2 : 4)}`;

function box(label: string, value: string) {
  const element = document.createElement('div');
  const span = document.createElement('span');
  span.textContent = label;
  const strong = document.createElement('strong');
  strong.textContent = value;
  element.append(span, strong);
  return element;
}

/** The chance, the slider, the multiplier and the payout, always in step (live as the slider moves). */
function sync(from: 'typing' | 'chance' | 'target' | 'direction') {
  const side = direction();
  const value =
    from === 'target'
      ? clamp(side === 'under' ? Number(target.value) : 100 - Number(target.value))
      : chance();
  // While the player types, the field keeps what is typed; the rest follows the chance it gives.
  if (from !== 'typing') chanceInput.value = String(value);
  const boundary = side === 'under' ? value : 100 - value;
  target.value = String(boundary);
  target.setAttribute(
    'aria-valuetext',
    t.targetLabel!.replace('{value}', `${side === 'under' ? '<' : '≥'} ${boundary}`),
  );
  board.setTarget(boundary, side);
  const choice = { chance: value, direction: side };
  $('multiplier').textContent = times(multiplier(choice));
  const readout = $('readout');
  readout.replaceChildren(
    box(t.winChance!, `${value} %`),
    box(t.payout!, money(payout(choice, frame.stakeMinor() ?? 0))),
  );
}

function render() {
  play.disabled = busy;
}

async function roll() {
  if (busy) return;
  const stake = frame.stakeMinor();
  if (stake === null) return frame.say(frame.text.stakeTooLow!);
  const choice = { chance: chance(), direction: direction() };
  busy = true;
  render();
  frame.hideToast();
  try {
    const result = await frame.call<RollResult>('POST', '/api/dice/play', { stake, ...choice });
    frame.sound.play('roll');
    frame.setBalance((frame.balance ?? 0) - stake);
    frame.played({
      id: result.roundId,
      clientSeed: result.proof.clientSeed,
      nonce: result.proof.nonce,
      async check(draws) {
        const value = await draws.int(ROLLS);
        return {
          ok: value === result.outcome.roll,
          detail: `${t.wasRoll}: ${(value / 100).toFixed(2).replace('.', ',')}`,
        };
      },
    });
    await board.roll(result.outcome.roll, result.outcome.won);
    frame.setBalance(result.balance);
    const rolled = t.rolled!.replace('{roll}', (result.outcome.roll / 100).toFixed(2).replace('.', ','));
    if (result.outcome.won) {
      frame.sound.play('cashout');
      frame.say(`${rolled}. ${t.won}: ${money(result.outcome.win)}`);
      if (result.multiplier >= 2)
        frame.toast(
          times(result.multiplier),
          `${frame.text.youWon} ${money(result.outcome.win)}`,
          false,
          1_200,
        );
    } else frame.say(`${rolled}. ${t.lost}`);
  } catch (error) {
    frame.say((error as Error).message);
  } finally {
    busy = false;
    render();
  }
}

chanceInput.addEventListener('input', () => sync('typing'));
chanceInput.addEventListener('change', () => sync('chance'));
target.addEventListener('input', () => sync('target'));
document
  .querySelectorAll<HTMLInputElement>('input[name="direction"]')
  .forEach((input) => input.addEventListener('change', () => sync('direction')));
$('stake').addEventListener('input', () => sync('typing'));
$('half').addEventListener('click', () => sync('chance'));
$('double').addEventListener('click', () => sync('chance'));
frame.onMain(() => void roll());
sync('chance');
render();
