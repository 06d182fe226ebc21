import { formatAmount, formatNumber, isCurrencyCode, parseSum } from '@kometa/money';
import { setTweenSpeed } from './tween.ts';
import { afterRound, beforeRound, startState, type AutoplayRound, type AutoplayStop } from './autoplay.ts';

type Texts = Record<string, string>;
export type FrameTexts = Texts & { speeds: Texts; stopped: Texts };

/** One autoplayed round: the game plays it as the main button would, and says what it staked and won. */
export type AutoplayPlay = (options: { autoplay: true }) => Promise<AutoplayRound | null>;

const SPEEDS = { normal: 1, quick: 2, turbo: 4 } as const;
type Speed = keyof typeof SPEEDS;
const SPEED_KEY = 'kometa.frame.speed';
const ROUND_CHOICES = [10, 25, 50, 100, 250, 500, 1000];
/** The window event a game listens to for autoplay's start and end (`detail`: running). */
export const AUTOPLAY_EVENT = 'kometa:autoplay';

/** `rc` of the launch address: session start, interval (minutes), next reminder (unix s), net at launch. */
function readRealityCheck(value: string | null) {
  const match = /^(\d+)\.(\d+)\.(\d+)\.(-?\d+)$/.exec(value ?? '');
  if (!match) return null;
  const [startedAt, interval, nextAt, net] = match.slice(1).map(Number) as [number, number, number, number];
  return { startedAt, interval, nextAt, net };
}

const pad = (value: number) => String(value).padStart(2, '0');
const clockText = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
};

/**
 * The frame's shared features (ADR 046): the animation speed (quick play, turbo), autoplay where the
 * casino allows it with its stop rules, the session clock and the reality check, all inside the frame.
 */
export function createFeatures(deps: {
  text: FrameTexts;
  params: URLSearchParams;
  byId: <T extends HTMLElement = HTMLElement>(id: string) => T;
  currency: () => string;
  balance: () => number | null;
  stakeMinor: () => number | null;
  say: (message: string) => void;
  /** Slots hold a minimum round time whatever the speed (UKGC: 2.5 s a spin). */
  roundFloorMs: number;
}) {
  const { text, byId, params } = deps;
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;

  // Speed: remembered on this device.
  let speed: Speed = 'normal';
  try {
    const stored = localStorage.getItem(SPEED_KEY);
    if (stored && stored in SPEEDS) speed = stored as Speed;
  } catch {
    /* storage off: the normal speed */
  }
  setTweenSpeed(SPEEDS[speed]);
  const speedInputs = [...document.querySelectorAll<HTMLInputElement>('input[name="speed"]')];
  for (const input of speedInputs) {
    input.checked = input.value === speed;
    input.addEventListener('change', () => {
      speed = input.value as Speed;
      setTweenSpeed(SPEEDS[speed]);
      try {
        localStorage.setItem(SPEED_KEY, speed);
      } catch {
        /* not remembered */
      }
    });
  }

  const settings = byId<HTMLDialogElement>('settings');
  byId('settings-open').addEventListener('click', () => settings.showModal());

  // Autoplay: offered only where the casino allows it, and only to a game that can play by itself.
  let allowedRounds = 0;
  let play: AutoplayPlay | null = null;
  let running = false;
  let stopWith: AutoplayStop | 'reality' | 'player' | 'error' | null = null;
  const money = (minor: number) => formatAmount(minor, deps.currency());
  const sum = (id: string): number | null | 'bad' => {
    const value = byId<HTMLInputElement>(id).value.trim();
    if (!value) return null;
    try {
      const code = deps.currency();
      const minor = parseSum(value, isCurrencyCode(code) ? code : 'RUB');
      return minor > 0 ? minor : 'bad';
    } catch {
      return 'bad';
    }
  };

  function offerAutoplay() {
    const offered = allowedRounds > 0 && play !== null;
    byId('autoplay').hidden = !offered;
    byId('autoplay-open').hidden = !offered || running;
    if (!offered) return;
    const select = byId<HTMLSelectElement>('autoplay-rounds');
    const choices = [...new Set([...ROUND_CHOICES.filter((n) => n < allowedRounds), allowedRounds])];
    select.replaceChildren(
      ...choices.map((n) => {
        const option = document.createElement('option');
        option.value = String(n);
        option.textContent = formatNumber(n, 0);
        option.selected = n === Math.min(10, allowedRounds);
        return option;
      }),
    );
  }

  /** Tells the game that autoplay started or ended (it locks or frees its controls). */
  const announce = () => window.dispatchEvent(new CustomEvent(AUTOPLAY_EVENT, { detail: running }));

  function showRun(played: number, total: number) {
    byId('autoplay-run').hidden = !running;
    byId('autoplay-open').hidden = running || allowedRounds === 0 || play === null;
    byId('autoplay-count').textContent = text
      .running!.replace('{n}', formatNumber(played, 0))
      .replace('{total}', formatNumber(total, 0));
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function runAutoplay(config: Parameters<typeof beforeRound>[0]) {
    if (!play || running) return;
    running = true;
    stopWith = null;
    let state = startState();
    showRun(0, config.rounds);
    announce();
    while (stopWith === null) {
      const stake = deps.stakeMinor();
      const refused = stake === null ? 'error' : beforeRound(config, state, stake);
      if (refused) {
        stopWith = refused;
        break;
      }
      const started = performance.now();
      const round = await play({ autoplay: true }).catch(() => null);
      if (!round) {
        stopWith ??= 'error';
        break;
      }
      const after = afterRound(config, state, round);
      state = after.state;
      showRun(state.played, config.rounds);
      if (after.stop) stopWith ??= after.stop;
      if (stopWith !== null) break;
      await pause(Math.max(deps.roundFloorMs - (performance.now() - started), 400 / SPEEDS[speed]));
    }
    running = false;
    showRun(state.played, config.rounds);
    announce();
    deps.say(text.stopped![stopWith ?? 'player'] ?? '');
  }

  byId('autoplay-start').addEventListener('click', () => {
    const loss = sum('autoplay-loss');
    const win = sum('autoplay-win');
    const error = byId('autoplay-error');
    // A loss limit is asked for every run (the UKGC's rule for slots, ours for every game).
    if (loss === null || loss === 'bad' || win === 'bad') {
      error.textContent = text.lossRequired!;
      byId(loss === null || loss === 'bad' ? 'autoplay-loss' : 'autoplay-win').focus();
      return;
    }
    error.textContent = '';
    settings.close();
    void runAutoplay({
      rounds: Math.min(Number(byId<HTMLSelectElement>('autoplay-rounds').value), allowedRounds),
      lossLimit: loss,
      singleWinLimit: win,
      stopOnFreeSpins: byId<HTMLInputElement>('autoplay-free-spins').checked,
    });
  });
  byId('autoplay-open').addEventListener('click', () => settings.showModal());
  byId('autoplay-stop').addEventListener('click', () => (stopWith = 'player'));

  // The session clock and the reality check, from the casino's launch (real money only).
  const reality = readRealityCheck(params.get('rc'));
  let balanceAtLaunch: number | null = null;
  const realityDialog = byId<HTMLDialogElement>('reality');
  const back = params.get('backUrl');
  if (back && /^https?:\/\//.test(back)) {
    const leave = byId<HTMLAnchorElement>('reality-leave');
    leave.href = back;
    leave.hidden = false;
    const history = byId<HTMLAnchorElement>('reality-history');
    history.href = `${new URL(back).origin}/payment/game-history`;
    history.hidden = false;
  }
  function duration(seconds: number) {
    const minutes = Math.floor(seconds / 60);
    const hours = Math.floor(minutes / 60);
    return hours > 0
      ? `${hours} ${text.hours} ${pad(minutes % 60)} ${text.minutes}`
      : `${minutes} ${text.minutes}`;
  }
  function showReality(now: number) {
    if (!reality) return;
    if (running) stopWith = 'reality';
    byId('reality-played').textContent = text.realityPlayed!.replace(
      '{time}',
      duration(now - reality.startedAt),
    );
    const balance = deps.balance();
    const net = reality.net + (balance !== null && balanceAtLaunch !== null ? balance - balanceAtLaunch : 0);
    const netLine = byId('reality-net');
    netLine.textContent = `${net > 0 ? '+' : net < 0 ? '−' : ''}${money(Math.abs(net))}`;
    netLine.className = net > 0 ? 'up' : net < 0 ? 'down' : '';
    if (!realityDialog.open) {
      if (settings.open) settings.close();
      realityDialog.showModal();
    }
  }
  byId('reality-continue').addEventListener('click', () => {
    if (!reality) return;
    reality.nextAt = Date.now() / 1000 + reality.interval * 60;
    realityDialog.close();
    // The site hosting the frame records that the player saw it (ADR 046).
    if (back && window.parent !== window)
      window.parent.postMessage({ type: 'kometa:reality-check', action: 'continue' }, new URL(back).origin);
  });
  // The reminder is not dismissed by Escape: the player picks an answer.
  realityDialog.addEventListener('cancel', (event) => event.preventDefault());
  if (reality) {
    byId('clock').hidden = false;
    // The site around the frame leaves the reminder to it while it is open (told every few seconds:
    // the site's page may start listening after the frame has loaded).
    const tellSite = () => {
      if (back && window.parent !== window)
        window.parent.postMessage({ type: 'kometa:frame', realityCheck: true }, new URL(back).origin);
    };
    let ticks = 0;
    const tick = () => {
      if (ticks++ % 5 === 0) tellSite();
      const now = Date.now() / 1000;
      byId('clock-time').textContent = clockText(now - reality.startedAt);
      if (now >= reality.nextAt && !realityDialog.open) showReality(now);
    };
    tick();
    setInterval(tick, 1_000);
  }

  return {
    /** The animation's speed factor: 1 normal, 2 quick, 4 turbo (reduced motion: as chosen, games skip motion). */
    get speed() {
      return SPEEDS[speed];
    },
    reducedMotion,
    get autoplaying() {
      return running;
    },
    /** What the casino allows here (from /api/session, or the launch address on play money). */
    setAllowance(rounds: number | null, balance: number | null) {
      allowedRounds = rounds ?? Math.max(0, Number(params.get('autoplay') ?? 0) || 0);
      balanceAtLaunch = balance;
      offerAutoplay();
    },
    /** The game's own round for autoplay: the frame offers autoplay only once a game gives one. */
    setAutoplay(game: AutoplayPlay, options: { freeSpins?: boolean } = {}) {
      play = game;
      byId('autoplay-free-spins-row').hidden = !options.freeSpins;
      offerAutoplay();
    },
    stopAutoplay: () => {
      if (running) stopWith = 'player';
    },
  };
}

export type Features = ReturnType<typeof createFeatures>;
