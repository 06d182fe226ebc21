import { OPEN_ROUND_CALL } from '../../src/ui/first-calls.ts';
import { createFrame, PlayError } from '../shared/frame.ts';
import { createTable, type Action, type HandResult, type HandView, type TableView } from './table.ts';
import { totalText } from './totals.ts';

interface BlackjackView {
  roundId: number;
  state: Omit<TableView, 'hands'> & {
    hands: (HandView & { total: { total: number; soft: boolean } })[];
    win: number;
    staked: number;
    actions: Action[];
    dealerTotal: { total: number; soft: boolean };
  };
  advice: Action | null;
  proof: { clientSeed: string; nonce: number };
  balance?: number | null;
}

interface Words {
  actions: Record<Action, string>;
  results: Record<HandResult, string>;
  [key: string]: unknown;
}

const frame = await createFrame(['bet', 'card', 'flip', 'cashout'], OPEN_ROUND_CALL.blackjack);
const { $, money } = frame;
const b = frame.game as unknown as Words & Record<string, string>;
/** The frame's turbo or quick play, when it offers one (1 otherwise). */
const speed = () => Number((frame as unknown as { speed?: number }).speed ?? 1) || 1;
const words = { soft: b.soft!, bust: b.bust!, blackjack: b.results.blackjack };
const table = createTable(
  frame.app,
  { words, results: b.results, pays: b.feltPays!, dealerRule: b.feltDealer!, money },
  speed,
);
table.sound = (name) => frame.sound.play(name);
frame.app.renderer.on('resize', () => table.layout());

const play = $<HTMLButtonElement>('play');
const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-action]')];
let round: BlackjackView | null = null;
let busy = false;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const cardName = (card: number) => `${RANKS[card % 13]}${['♠', '♥', '♦', '♣'][Math.floor(card / 13)]}`;

/** The round's stake (a double or a split stakes it once more). */
const baseStake = (view: BlackjackView) =>
  Math.min(...view.state.hands.map((hand) => (hand.doubled ? hand.stake / 2 : hand.stake)));
const open = () => round !== null && !round.state.finished;
const allowed = (action: Action) => !busy && open() && (round?.state.actions.includes(action) ?? false);

function box(label: string, value: string) {
  const element = document.createElement('div');
  const span = document.createElement('span');
  span.textContent = label;
  const strong = document.createElement('strong');
  strong.textContent = value;
  element.append(span, strong);
  return element;
}

/** The table in words, for screen readers and tests: the dealer's cards and each hand, with totals. */
function describe() {
  const s = round?.state;
  if (!s) {
    $('dealer').textContent = '—';
    $('hands').textContent = '';
    return;
  }
  const dealerTotal = totalText({ cards: s.dealer, total: s.dealerTotal }, words);
  $('dealer').textContent = `${b.dealer}: ${s.dealer.map(cardName).join(' ')} (${dealerTotal})`;
  $('hands').textContent = s.hands
    .map(
      (hand, i) =>
        `${b.hand} ${i + 1}: ${hand.cards.map(cardName).join(' ')} (${totalText(hand, words)})${hand.result ? ` — ${b.results[hand.result]}` : ''}`,
    )
    .join('; ');
}

/** The controls as the round stands: the deal while no hand is open, the actions the rules allow. */
function render() {
  describe();
  play.disabled = busy || open();
  for (const id of ['stake', 'half', 'double']) ($(id) as HTMLInputElement).disabled = busy || open();
  for (const button of buttons) button.disabled = !allowed(button.dataset.action as Action);
  const readout = $('readout');
  readout.replaceChildren();
  if (round && open()) {
    readout.append(box(frame.text.stake!, money(round.state.staked)));
    if (round.advice) readout.append(box(b.advice!, b.actions[round.advice]));
  }
}

/** A refusal, said in Russian; a round out of step with the server is read again. */
async function refused(error: unknown) {
  frame.say(error instanceof Error ? error.message : String(error));
  if (error instanceof PlayError && ['busy', 'no_round', 'round_open'].includes(error.code)) await restore();
}

async function restore() {
  const data = await frame.early<{ round: BlackjackView | null }>();
  round = data.round;
  table.show(round?.state ?? null);
  if (round) frame.say(b.dealt!);
}

/** The round is over: the result said, the balance the server's, the round kept for verification. */
function finish(view: BlackjackView) {
  const s = view.state;
  frame.setBalance(view.balance ?? null);
  frame.played({
    id: view.roundId,
    clientSeed: view.proof.clientSeed,
    nonce: view.proof.nonce,
    async check(draws) {
      const [first, second] = s.hands;
      const split = s.hands.length === 2;
      const order = [
        first!.cards[0]!,
        s.dealer[0]!,
        split ? second!.cards[0]! : first!.cards[1]!,
        s.dealer[1]!,
        ...(split ? [...first!.cards.slice(1), ...second!.cards.slice(1)] : first!.cards.slice(2)),
        ...s.dealer.slice(2),
      ];
      const drawn: number[] = [];
      for (let i = 0; i < order.length; i++) drawn.push(await draws.int(52));
      return { ok: drawn.join() === order.join(), detail: `${b.cards}: ${drawn.map(cardName).join(' ')}` };
    },
  });
  const pushed = s.hands.every((hand) => hand.result === 'push');
  const best =
    s.hands.find((hand) => hand.result === 'blackjack') ?? s.hands.find((hand) => hand.result === 'win');
  if (s.win === 0) {
    frame.say(b.results.lose);
    const bust = s.hands.every((hand) => hand.total.total > 21);
    frame.toast(bust ? b.bust! : b.results.lose, `${frame.text.stake} ${money(s.staked)}`, true, 1_400);
  } else if (pushed) {
    frame.say(`${b.results.push}: ${money(s.win)}`);
  } else {
    frame.say(`${b.results.win}: ${money(s.win)}`);
    if (best) {
      frame.sound.play('cashout');
      frame.toast(b.results[best.result!], `${frame.text.youWon} ${money(s.win)}`);
    }
  }
}

async function deal() {
  if (busy || open()) return;
  const stake = frame.stakeMinor();
  if (stake === null) return frame.say(frame.text.stakeTooLow!);
  if (stake % 2 !== 0) return frame.say(b.evenStake!);
  busy = true;
  render();
  frame.hideToast();
  frame.say('');
  try {
    const [view] = await Promise.all([
      frame.call<BlackjackView>('POST', '/api/blackjack/deal', { stake }),
      table.clear(),
    ]);
    round = view;
    describe();
    frame.sound.play('bet');
    if (!view.state.finished) frame.setBalance(view.balance ?? null);
    else frame.setBalance((frame.balance ?? 0) - stake);
    await table.play(view.state);
    if (view.state.finished) finish(view);
    else frame.say(b.dealt!);
  } catch (error) {
    await refused(error);
  } finally {
    busy = false;
    render();
  }
}

async function act(action: Action) {
  if (!allowed(action)) return;
  busy = true;
  render();
  try {
    const view = await frame.call<BlackjackView>('POST', '/api/blackjack/act', { action });
    round = view;
    describe();
    if (action === 'double' || action === 'split') frame.sound.play('bet');
    if (!view.state.finished) frame.setBalance(view.balance ?? null);
    else if (action === 'double' || action === 'split')
      frame.setBalance((frame.balance ?? 0) - baseStake(view));
    await table.play(view.state);
    if (view.state.finished) finish(view);
  } catch (error) {
    await refused(error);
  } finally {
    busy = false;
    render();
  }
}

for (const button of buttons)
  button.addEventListener('click', () => void act(button.dataset.action as Action));

// Gestures on the felt, as mobile blackjack plays: a tap asks for a card, a double tap doubles, a
// sideways swipe stands (the buttons do the same).
const felt = $('felt');
let down: { x: number; y: number; at: number } | null = null;
let tapTimer: number | undefined;
felt.addEventListener(
  'pointerdown',
  (event) => (down = { x: event.clientX, y: event.clientY, at: event.timeStamp }),
);
felt.addEventListener('pointerup', (event) => {
  if (!down) return;
  const dx = event.clientX - down.x;
  const dy = event.clientY - down.y;
  down = null;
  if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy) * 1.5) {
    clearTimeout(tapTimer);
    tapTimer = undefined;
    return void act('stand');
  }
  if (Math.abs(dx) > 10 || Math.abs(dy) > 10) return;
  if (tapTimer !== undefined) {
    clearTimeout(tapTimer);
    tapTimer = undefined;
    return void act(allowed('double') ? 'double' : 'hit');
  }
  tapTimer = window.setTimeout(() => {
    tapTimer = undefined;
    void act('hit');
  }, 280);
});

// Keys: space deals (the frame's main action); H, S, D and P for the actions.
const keys: Record<string, Action> = { KeyH: 'hit', KeyS: 'stand', KeyD: 'double', KeyP: 'split' };
window.addEventListener('keydown', (event) => {
  const action = keys[event.code];
  if (
    !action ||
    event.repeat ||
    (event.target as HTMLElement).closest('input, select, textarea, dialog[open]')
  )
    return;
  void act(action);
});
frame.onMain(() => void deal());

await restore().catch(refused);
render();
