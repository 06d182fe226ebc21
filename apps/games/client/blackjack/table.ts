import { Container, Graphics, Text, type Application } from 'pixi.js';
import { ease, redraw, tween, wait } from '../shared/tween.ts';
import { cardBack, chip } from './cards.ts';
import { createDeck } from './deck.ts';
import { totalOf, totalText, type TotalWords } from './totals.ts';

export type Action = 'hit' | 'stand' | 'double' | 'split';
export type HandResult = 'blackjack' | 'win' | 'push' | 'lose';

/** A hand as the server shows it (`visible()` of src/games/blackjack.ts). */
export interface HandView {
  cards: number[];
  stake: number;
  doubled: boolean;
  split: boolean;
  done: boolean;
  result?: HandResult;
  returns?: number;
}

export interface TableView {
  hands: HandView[];
  active: number;
  dealer: number[];
  finished: boolean;
}

export interface TableText {
  words: TotalWords;
  results: Record<HandResult, string>;
  pays: string;
  dealerRule: string;
  money: (minor: number) => string;
}

/** A card on the felt: its value (null while face down) and its node. */
interface Placed {
  value: number | null;
  node: Container;
}

const FONT = 'system-ui, Segoe UI, Roboto, sans-serif';
const CHIP_COLORS = [0x2f6fed, 0xd83a4c, 0x1faa64, 0x7a3cf0];
const RESULT_COLORS: Record<HandResult, number> = {
  blackjack: 0xffc24a,
  win: 0x2fd67b,
  push: 0x9aa3c7,
  lose: 0xff5d6c,
};

/**
 * The blackjack table drawn by the renderer (ADR 049): the felt's lettering, the shoe, the dealer's
 * cards and the player's hands, their totals as a player reads them, the chips and each hand's
 * result. It only ever draws what the server answered: cards are dealt from the shoe in the order the
 * round drew them, the hole card turns over when the round is over.
 */
export function createTable(app: Application, text: TableText, speed: () => number) {
  const felt = new Container();
  const circles = new Graphics();
  const layer = new Container();
  const labels = new Container();
  app.stage.addChild(felt, circles, layer, labels);
  const deck = createDeck(app.renderer);
  let W = 0;
  let H = 0;
  let cw = 0;
  /** The size text and strokes scale with: the table's shorter side (a wide desktop table included). */
  let u = 0;
  /** The rows of the table, top to bottom (set by `layout`). */
  const row = { dealer: 0, dealerTotal: 0, letters: 0, player: 0, chips: 0 };
  const dealer: Placed[] = [];
  let hands: (HandView & { placed: Placed[] })[] = [];
  let active = -1;
  let finished = true;
  const ms = (value: number) => value / Math.max(0.25, speed());
  let onSound: (name: 'card' | 'flip' | 'bet') => void = () => undefined;

  const handX = (index: number, count: number) => (count === 1 ? W / 2 : W * (index === 0 ? 0.28 : 0.72));
  const shoe = () => ({ x: W * 0.86, y: H * 0.1 });

  function playerSpot(hand: number, card: number, count: number, of: number) {
    const dx = cw * (of === 1 ? 0.42 : 0.3);
    const dy = cw * 0.16;
    const x = handX(hand, of) + (card - (count - 1) / 2) * dx;
    return { x, y: row.player - (card - (count - 1) / 2) * dy, rotation: (card - (count - 1) / 2) * 0.03 };
  }
  function dealerSpot(card: number, count: number) {
    return { x: W / 2 + (card - (Math.max(2, count) - 1) / 2) * cw * 0.62, y: row.dealer, rotation: 0 };
  }

  /** The betting circles, one a hand (two after a split). */
  function drawCircles() {
    const g = circles.clear();
    const count = Math.max(1, hands.length);
    for (let i = 0; i < count; i++) {
      const x = handX(i, count);
      g.circle(x, row.chips, cw * 0.42).stroke({
        width: Math.max(1.5, u * 0.004),
        color: 0xf3d28b,
        alpha: 0.5,
      });
      g.circle(x, row.chips, cw * 0.34).stroke({
        width: Math.max(1, u * 0.002),
        color: 0xf3d28b,
        alpha: 0.25,
      });
    }
  }

  /** What the felt always shows at this size: the dealer's place, the shoe, the lettering. */
  function drawFelt() {
    felt.removeChildren().forEach((child) => child.destroy({ children: true }));
    const g = new Graphics();
    // The dealer's place: one soft outline where the up card and the hole card land.
    const ch = cw * 1.4;
    const left = dealerSpot(0, 2).x - cw / 2 - cw * 0.08;
    const right = dealerSpot(1, 2).x + cw / 2 + cw * 0.08;
    g.roundRect(left, row.dealer - ch / 2 - cw * 0.08, right - left, ch + cw * 0.16, cw * 0.14).stroke({
      width: Math.max(1, u * 0.003),
      color: 0xffffff,
      alpha: 0.12,
    });
    // The shoe: a dark box with a gold trim, its slanted mouth facing the table, a card at the mouth.
    const { x: sx, y: sy } = shoe();
    const sw = cw * 1.25;
    const sh = cw * 0.95;
    const box = new Graphics()
      .roundRect(-sw / 2 + 3, -sh / 2 + 5, sw, sh, cw * 0.1)
      .fill({ color: 0x000000, alpha: 0.35 })
      .roundRect(-sw / 2, -sh / 2, sw, sh, cw * 0.1)
      .fill(0x1a1d2e)
      .roundRect(-sw / 2, -sh / 2, sw, sh * 0.42, cw * 0.1)
      .fill({ color: 0xffffff, alpha: 0.06 })
      .roundRect(-sw / 2, -sh / 2, sw, sh, cw * 0.1)
      .stroke({ width: Math.max(1.5, cw * 0.03), color: 0xc89a4a })
      .poly([-sw / 2, sh * 0.1, -sw * 0.1, sh / 2, -sw / 2, sh / 2])
      .fill(0x0c0e18);
    box.position.set(sx, sy);
    box.rotation = -0.25;
    felt.addChild(g, box);
    const peek = cardBack(cw * 0.7);
    peek.position.set(sx - sw * 0.3, sy + sh * 0.3);
    peek.rotation = 0.9;
    peek.scale.y = 0.5;
    felt.addChild(peek);
    // The lettering along the arc between the dealer and the player.
    const big = Math.max(11, u * 0.034);
    arc(text.pays.toUpperCase(), W * 0.9, big, 0xf3d28b, 0.9, row.letters - big * 0.55);
    arc(
      text.dealerRule,
      W * 0.9 + big * 1.5,
      Math.max(9, u * 0.022),
      0xffffff,
      0.55,
      row.letters + big * 0.95,
    );
  }

  function arc(line: string, radius: number, size: number, color: number, alpha: number, bottom: number) {
    const cx = W / 2;
    const cy = bottom - radius;
    const gap = size * 0.06;
    const letters = [...line].map((char) => {
      const letter = new Text({
        text: char,
        style: { fontFamily: FONT, fontWeight: '800', fontSize: size, fill: color },
        resolution: 2,
      });
      letter.anchor.set(0.5);
      letter.alpha = alpha;
      return letter;
    });
    // Each letter takes its own width along the arc, so the line reads as it was typeset.
    const length = letters.reduce((sum, letter) => sum + letter.width + gap, -gap);
    let along = -length / 2;
    for (const letter of letters) {
      const angle = (along + letter.width / 2) / radius;
      along += letter.width + gap;
      letter.position.set(cx + Math.sin(angle) * radius, cy + Math.cos(angle) * radius);
      letter.rotation = -angle;
      felt.addChild(letter);
    }
  }

  function cardNode(value: number | null) {
    const holder = new Container();
    holder.addChild(deck.sprite(value));
    return holder;
  }

  function pill(label: string, fill: number, ink = 0xffffff, size = Math.max(12, u * 0.034)) {
    const box = new Container();
    const t = new Text({
      text: label,
      style: { fontFamily: FONT, fontWeight: '800', fontSize: size, fill: ink },
      resolution: 2,
    });
    t.anchor.set(0.5);
    const w = t.width + size * 1.2;
    const h = size * 1.7;
    box.addChild(
      new Graphics()
        .roundRect(-w / 2, -h / 2 + 2, w, h, h / 2)
        .fill({ color: 0x000000, alpha: 0.3 })
        .roundRect(-w / 2, -h / 2, w, h, h / 2)
        .fill(fill)
        .stroke({ width: 1, color: 0xffffff, alpha: 0.25 }),
      t,
    );
    return box;
  }

  /** The labels on the felt by what they show: a label still the same is kept, not drawn again. */
  let shownLabels = new Map<string, Container>();

  /** The totals, the chips and the results as the cards on the felt stand now. */
  function drawLabels() {
    const next = new Map<string, Container>();
    const show = (key: string, x: number, y: number, make: () => Container) => {
      const full = `${key}@${x},${y}`;
      const node = shownLabels.get(full) ?? make();
      shownLabels.delete(full);
      next.set(full, node);
      node.position.set(x, y);
      labels.addChild(node);
    };
    const ch = cw * 1.4;
    const shownDealer = dealer.filter((card) => card.value !== null).map((card) => card.value!);
    if (shownDealer.length > 0) {
      const words = totalText({ cards: shownDealer, total: totalOf(shownDealer) }, text.words);
      show(`pill:${words}:dealer:${u}`, W / 2, row.dealerTotal, () => pill(words, 0x0b0d18));
    }
    hands.forEach((hand, index) => {
      const x = handX(index, hands.length);
      const cards = hand.placed.filter((card) => card.value !== null).map((card) => card.value!);
      const isActive = !finished && index === active && hands.length > 1;
      if (isActive)
        show(`glow:${cw}`, x, row.player, () =>
          new Graphics()
            .roundRect(-cw * 0.95, -ch * 0.72, cw * 1.9, ch * 1.44, cw * 0.14)
            .stroke({ width: Math.max(2, u * 0.006), color: 0xffc24a, alpha: 0.9 }),
        );
      if (cards.length > 0) {
        const words = totalText({ cards, total: totalOf(cards), split: hand.split }, text.words);
        const bust = totalOf(cards).total > 21;
        const fill = bust ? 0xc92f42 : isActive ? 0xffc24a : 0x0b0d18;
        const ink = isActive ? 0x241702 : 0xffffff;
        show(
          `pill:${words}:${fill}:${ink}:${u}`,
          x,
          row.player + ((hand.placed.length - 1) / 2) * cw * 0.16 + ch / 2 + Math.max(12, u * 0.034),
          () => pill(words, fill, ink),
        );
      }
      // The stake on the betting circle: a chip, two when doubled, and the sum.
      const r = cw * 0.3;
      const stack = hand.doubled ? 2 : 1;
      for (let i = 0; i < stack; i++) {
        const color = CHIP_COLORS[(index + i) % CHIP_COLORS.length]!;
        show(
          `chip:${r}:${color}`,
          x + (stack === 2 ? (i - 0.5) * r * 1.1 : 0),
          row.chips - i * r * 0.18,
          () => chip(r, color),
        );
      }
      const stake = text.money(hand.stake);
      const size = Math.max(11, u * 0.028);
      show(`sum:${stake}:${size}`, x + cw * 0.5, row.chips, () => {
        const sum = new Text({
          text: stake,
          style: { fontFamily: FONT, fontWeight: '700', fontSize: size, fill: 0xffffff },
          resolution: 2,
        });
        sum.anchor.set(0, 0.5);
        sum.alpha = 0.85;
        return sum;
      });
      if (finished && hand.result) {
        const won = hand.returns ?? 0;
        const line = `${text.results[hand.result]}${won > 0 && hand.result !== 'push' ? ` +${text.money(won)}` : ''}`;
        const ink = hand.result === 'push' ? 0xffffff : 0x10131f;
        show(`pill:${line}:${hand.result}:${u}`, x, row.player, () =>
          pill(line, RESULT_COLORS[hand.result!], ink, Math.max(12, u * 0.032)),
        );
      }
    });
    for (const gone of shownLabels.values()) gone.destroy({ children: true });
    shownLabels = next;
  }

  function place(card: Placed, spot: { x: number; y: number; rotation: number }) {
    card.node.position.set(spot.x, spot.y);
    card.node.rotation = spot.rotation;
  }

  function layout() {
    W = app.screen.width;
    H = app.screen.height;
    u = Math.min(W, H * 1.05);
    cw = Math.min(W * 0.17, H * 0.165);
    deck.resize(cw);
    const ch = cw * 1.4;
    const label = Math.max(12, u * 0.034);
    row.dealer = H * 0.05 + ch / 2;
    row.dealerTotal = row.dealer + ch / 2 + label * 1.3;
    row.chips = H - cw * 0.42 - H * 0.04;
    row.player = row.chips - cw * 0.42 - label * 2.6 - ch / 2;
    row.letters = (row.dealerTotal + label + row.player - ch / 2 - cw * 0.16) / 2;
    drawFelt();
    drawCircles();
    for (const card of [...dealer, ...hands.flatMap((hand) => hand.placed)]) {
      card.node.removeChildren().forEach((child) => child.destroy({ children: true }));
      card.node.addChild(deck.sprite(card.value));
    }
    dealer.forEach((card, i) => place(card, dealerSpot(i, dealer.length)));
    hands.forEach((hand, h) =>
      hand.placed.forEach((card, i) => place(card, playerSpot(h, i, hand.placed.length, hands.length))),
    );
    drawLabels();
    void redraw(app.ticker);
  }

  /** Slides every card on the felt to where the next state's layout puts it. */
  async function settleLayout(dealerCount: number, counts: number[]) {
    const moves: Promise<void>[] = [];
    const move = (card: Placed, spot: { x: number; y: number; rotation: number }) => {
      const from = { x: card.node.x, y: card.node.y, r: card.node.rotation };
      if (Math.abs(from.x - spot.x) + Math.abs(from.y - spot.y) < 0.5) return;
      moves.push(
        tween(app.ticker, ms(220), (t) => {
          card.node.position.set(from.x + (spot.x - from.x) * t, from.y + (spot.y - from.y) * t);
          card.node.rotation = from.r + (spot.rotation - from.r) * t;
        }),
      );
    };
    dealer.forEach((card, i) => move(card, dealerSpot(i, dealerCount)));
    hands.forEach((hand, h) =>
      hand.placed.forEach((card, i) => move(card, playerSpot(h, i, counts[h]!, hands.length))),
    );
    await Promise.all(moves);
  }

  async function flip(card: Placed, value: number) {
    onSound('flip');
    await tween(app.ticker, ms(90), (t) => (card.node.scale.x = 1 - t), ease.inQuad);
    card.value = value;
    card.node.removeChildren().forEach((child) => child.destroy({ children: true }));
    card.node.addChild(deck.sprite(value));
    await tween(app.ticker, ms(140), (t) => (card.node.scale.x = t), ease.outBack);
    card.node.scale.x = 1;
  }

  /** One card from the shoe to its spot, turned face up there unless it is the hole card. */
  async function deal(
    value: number | null,
    spot: { x: number; y: number; rotation: number },
    list: Placed[],
  ) {
    const card: Placed = { value: null, node: cardNode(null) };
    list.push(card);
    layer.addChild(card.node);
    const from = shoe();
    onSound('card');
    await tween(app.ticker, ms(300), (t) => {
      card.node.position.set(from.x + (spot.x - from.x) * t, from.y + (spot.y - from.y) * t);
      card.node.rotation = -0.6 * (1 - t) + spot.rotation * t;
      card.node.scale.set(0.7 + 0.3 * t);
    });
    if (value !== null) await flip(card, value);
    drawLabels();
  }

  return {
    set sound(play: (name: 'card' | 'flip' | 'bet') => void) {
      onSound = play;
    },
    /** The round as it stands, at once (an unfinished round restored, or a resize). */
    show(view: TableView | null) {
      for (const card of [...dealer, ...hands.flatMap((hand) => hand.placed)])
        card.node.destroy({ children: true });
      dealer.length = 0;
      hands = [];
      if (view) {
        const shownDealer = view.finished ? view.dealer : [...view.dealer, null];
        for (const value of shownDealer) dealer.push({ value, node: cardNode(value) });
        hands = view.hands.map((hand) => ({
          ...hand,
          placed: hand.cards.map((value) => ({ value, node: cardNode(value) })),
        }));
        for (const card of [...dealer, ...hands.flatMap((hand) => hand.placed)]) layer.addChild(card.node);
        active = view.active;
        finished = view.finished;
      } else finished = true;
      layout();
    },
    /** The table cleared for a new deal: the cards slide off to the discard and fade. */
    async clear() {
      const cards = [...dealer, ...hands.flatMap((hand) => hand.placed)];
      dealer.length = 0;
      hands = [];
      finished = true;
      drawLabels();
      await Promise.all(
        cards.map(async (card, i) => {
          await wait(app.ticker, ms(i * 25));
          const from = { x: card.node.x, y: card.node.y };
          await tween(
            app.ticker,
            ms(260),
            (t) => {
              card.node.position.set(from.x + (W * 0.08 - from.x) * t, from.y + (H * 0.08 - from.y) * t);
              card.node.alpha = 1 - t;
            },
            ease.inQuad,
          );
          card.node.destroy({ children: true });
        }),
      );
      drawCircles();
    },
    /** Plays the step from what the felt shows to the server's answer, card by card. */
    async play(view: TableView) {
      const fresh = hands.length === 0;
      if (fresh) {
        hands = view.hands.map((hand) => ({ ...hand, result: undefined, cards: [], placed: [] }));
        finished = false;
        drawCircles();
        // The deal: player, dealer's up card, player, the hole card face down.
        const first = view.hands[0]!.cards;
        await deal(first[0]!, playerSpot(0, 0, 2, 1), hands[0]!.placed);
        await deal(view.dealer[0]!, dealerSpot(0, 2), dealer);
        await deal(first[1]!, playerSpot(0, 1, 2, 1), hands[0]!.placed);
        await deal(null, dealerSpot(1, 2), dealer);
      } else if (hands.length === 1 && view.hands.length === 2) {
        // The split: the second card moves over to become the second hand.
        const moved = hands[0]!.placed.pop()!;
        hands = view.hands.map((hand, i) => ({ ...hand, placed: i === 0 ? hands[0]!.placed : [moved] }));
        onSound('bet');
        drawCircles();
        await settleLayout(
          dealer.length,
          hands.map((hand) => hand.placed.length),
        );
        drawLabels();
      }
      hands.forEach((hand, i) => Object.assign(hand, view.hands[i], { placed: hand.placed }));
      await settleLayout(
        dealer.length,
        view.hands.map((hand) => hand.cards.length),
      );
      for (const [h, hand] of view.hands.entries()) {
        active = h;
        for (let i = hands[h]!.placed.length; i < hand.cards.length; i++)
          await deal(
            hand.cards[i]!,
            playerSpot(h, i, hand.cards.length, view.hands.length),
            hands[h]!.placed,
          );
      }
      active = view.active;
      if (view.finished) {
        const hole = dealer[1];
        if (hole && hole.value === null && view.dealer[1] !== undefined) {
          await wait(app.ticker, ms(200));
          await flip(hole, view.dealer[1]);
        }
        await settleLayout(
          view.dealer.length,
          view.hands.map((hand) => hand.cards.length),
        );
        for (let i = dealer.length; i < view.dealer.length; i++) {
          await wait(app.ticker, ms(250));
          await deal(view.dealer[i]!, dealerSpot(i, view.dealer.length), dealer);
        }
      }
      finished = view.finished;
      drawLabels();
      void redraw(app.ticker);
    },
    layout,
  };
}

export type Table = ReturnType<typeof createTable>;
