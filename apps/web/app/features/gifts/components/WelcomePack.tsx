import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { WelcomePackStep } from '@kometa/contracts';
import { formatAmount, formatPercent } from '@kometa/money';
import { ru } from '../../../i18n/ru.ts';
import { browserApi } from '../../../lib/api.browser.ts';
import { useSite } from '../../../lib/site-context.ts';
import { Modal } from '../../../ui/Modal.tsx';
import {
  currentStep,
  depositWithGift,
  packInProgress,
  welcomePackQueryOptions,
} from '../api/welcome-pack.ts';
import './welcome.css';

/** Spec §4: a player counts as new for 30 s after the account was created. */
const NEW_PLAYER_SECONDS = 30;
const seenKey = (userId: number) => `welcomePackSeen:${userId}`;

function wasSeen(userId: number): boolean {
  try {
    return window.sessionStorage.getItem(seenKey(userId)) === '1';
  } catch {
    return false;
  }
}

function markSeen(userId: number): void {
  try {
    window.sessionStorage.setItem(seenKey(userId), '1');
  } catch {
    // Storage refused (private mode): the modal closes for this page only.
  }
}

/** A step's drawing: the operator's image, or a gift with its deposit's number on a medal. */
export function WelcomeStepArt({ step, size = 88 }: { step: WelcomePackStep; size?: number }) {
  const id = `welcome-art-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const image = step.images[0]?.images.image;
  if (image) return <img className="welcome-art" src={image} alt="" width={size} height={size} />;
  const hue = ['#ffb547', '#a995ff', '#5fd4ff', '#3ddc97'][(step.step - 1) % 4];
  return (
    <svg className="welcome-art" width={size} height={size} viewBox="0 0 96 96" aria-hidden="true">
      <defs>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.45" r="0.55">
          <stop offset="0" stopColor={hue} stopOpacity="0.55" />
          <stop offset="1" stopColor={hue} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-box`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2b3160" />
          <stop offset="1" stopColor="#1a1e3c" />
        </linearGradient>
        <linearGradient id={`${id}-ribbon`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor={hue} />
        </linearGradient>
      </defs>
      <circle cx="48" cy="46" r="44" fill={`url(#${id}-glow)`} />
      <rect
        x="20"
        y="42"
        width="56"
        height="38"
        rx="6"
        fill={`url(#${id}-box)`}
        stroke={hue}
        strokeWidth="2"
      />
      <rect x="15" y="32" width="66" height="14" rx="4" fill="#323a72" stroke={hue} strokeWidth="2" />
      <rect x="43" y="32" width="10" height="48" fill={`url(#${id}-ribbon)`} />
      <path
        d="M48 32c-6-12-19-13-19-5 0 6 9 6 19 5zm0 0c6-12 19-13 19-5 0 6-9 6-19 5z"
        fill="none"
        stroke={`url(#${id}-ribbon)`}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <circle cx="74" cy="70" r="15" fill={hue} stroke="#0d0f1a" strokeWidth="3" />
      <text
        x="74"
        y="76"
        textAnchor="middle"
        fontSize="17"
        fontWeight="800"
        fill="#1a1205"
        fontFamily="system-ui, sans-serif"
      >
        {step.step}
      </text>
    </svg>
  );
}

/** «100 %» for a deposit bonus, the sum for bonus money. */
function headline(step: WelcomePackStep): string {
  if (step.rules.percent !== null) return formatPercent(step.rules.percent, 0);
  return step.rules.amount !== null ? formatAmount(step.rules.amount, step.currency) : step.title;
}

function stepStatus(step: WelcomePackStep): { text: string; tone: string } {
  if (step.status !== 'granted' || !step.gift) return { text: ru.welcome.stepLater, tone: 'later' };
  if (step.gift.state === 'available') return { text: ru.welcome.stepReady, tone: 'ready' };
  if (step.gift.state === 'active') return { text: ru.welcome.stepTaken, tone: 'ready' };
  return { text: ru.welcome.stepUsed, tone: 'used' };
}

function StepCard({ step, current }: { step: WelcomePackStep; current: boolean }) {
  const sum = (value: number) => formatAmount(value, step.currency);
  const status = stepStatus(step);
  const details = [
    step.rules.minDeposit !== null ? ru.welcome.minDeposit(sum(step.rules.minDeposit)) : null,
    step.rules.wagerMultiplier > 0 ? ru.welcome.wager(step.rules.wagerMultiplier) : ru.welcome.noWager,
  ].filter(Boolean);
  return (
    <li
      className={`welcome-step welcome-step-${status.tone}${current ? ' welcome-step-current' : ''}`}
      data-testid="welcome-step"
    >
      <WelcomeStepArt step={step} />
      <div className="welcome-step-text">
        <span className="welcome-step-top">
          <span className="welcome-step-label">{ru.welcome.stepLabel(step.step)}</span>
          <span className={`welcome-chip welcome-chip-${status.tone}`}>{status.text}</span>
        </span>
        <span className="welcome-step-main">
          <strong className="welcome-step-headline">{headline(step)}</strong>
          {step.rules.percent !== null && step.rules.amount !== null && (
            <span className="welcome-step-cap">{ru.welcome.upTo(sum(step.rules.amount))}</span>
          )}
        </span>
        <small>{details.join(' · ')}</small>
      </div>
    </li>
  );
}

/**
 * The welcome pack modal (spec §4): for a player created less than 30 s ago, when the operator's
 * `welcome_pack` setting is on and the `welcome_popup` rotator has nothing of its own to show. Its
 * steps in order and a call to the deposit with step 1's gift preselected.
 */
export function WelcomePackModal() {
  const site = useSite();
  const user = site?.user ?? null;
  // At the cashier the player is already depositing, where the pack's first gift is preselected: the
  // modal would only stand in the way of the form.
  const atCashier = useLocation().pathname.startsWith('/payment');
  const isNew =
    user !== null && site !== undefined && site.serverTimeMs / 1000 - user.created < NEW_PLAYER_SECONDS;
  const [seen, setSeen] = useState(true);
  useEffect(() => setSeen(user ? wasSeen(user.id) : true), [user]);
  // Once open it stays until the player closes it, however long they read it.
  const [opened, setOpened] = useState(false);
  const eligible =
    user !== null && site?.settings.welcomePack === true && (isNew || opened) && !seen && !atCashier;
  // Spec §4 and issue 20: one greeting for a new player, the pack's when there is one.
  const rotator = useQuery({
    queryKey: ['rotator', 'welcome_popup'],
    queryFn: async () => (await browserApi().get<unknown>('/rotator/welcome_popup/current')).data ?? null,
    enabled: eligible,
    staleTime: 60_000,
  });
  const pack = useQuery({
    ...welcomePackQueryOptions(),
    enabled: eligible && rotator.isSuccess && rotator.data === null,
    // A registration a moment ago: its pack is being given; asked again for a few seconds.
    refetchInterval: (query) =>
      packInProgress(query.state.data) && query.state.dataUpdateCount < 10 ? 1000 : false,
  });
  const step = currentStep(pack.data);
  const show = eligible && step !== null && step.step === 1 && step.gift?.state === 'available';
  // Without a pack to offer (none configured, or its first gift not for this player), the new player
  // still gets one greeting: the e-mail that was sent, and the way to the first deposit (issue 20).
  // A player who has deposited already (in their first seconds, by a promo code's gift) is past it.
  const greetingOnly =
    user !== null &&
    isNew &&
    !seen &&
    !atCashier &&
    !show &&
    pack.data?.hasDeposited !== true &&
    (site?.settings.welcomePack !== true ||
      (rotator.isSuccess && rotator.data === null && pack.isSuccess && !packInProgress(pack.data)));
  useEffect(() => {
    if (show || greetingOnly) setOpened(true);
  }, [show, greetingOnly]);
  if (!user || !opened || seen) return null;
  const close = () => {
    markSeen(user.id);
    setSeen(true);
  };
  const emailNote =
    user.email && !user.emailConfirmed ? (
      <p className="welcome-email" data-testid="welcome-email">
        {ru.welcome.emailSent(user.email)}
      </p>
    ) : null;
  if (!pack.data || !step || !(show || opened) || greetingOnly || step.step !== 1) {
    return (
      <Modal title={ru.welcome.greeting} onClose={close} className="welcome-modal">
        {emailNote}
        <p className="welcome-lead">{ru.welcome.greetingText}</p>
        <div className="welcome-actions">
          <Link
            to="/payment/deposit"
            className="button button-accent"
            onClick={close}
            data-testid="welcome-cta"
          >
            {ru.welcome.ctaPlain}
          </Link>
          <button type="button" className="button button-ghost" onClick={close}>
            {ru.welcome.later}
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title={ru.welcome.title} onClose={close} className="welcome-modal">
      {emailNote}
      <p className="welcome-lead">{ru.welcome.lead}</p>
      <ol className="welcome-steps">
        {pack.data.steps.map((s) => (
          <StepCard key={s.step} step={s} current={s.step === step.step} />
        ))}
      </ol>
      <div className="welcome-actions">
        <Link
          to={depositWithGift(step)}
          className="button button-accent"
          onClick={close}
          data-testid="welcome-cta"
        >
          {step.rules.percent !== null ? ru.welcome.cta(headline(step)) : ru.welcome.ctaPlain}
        </Link>
        <button type="button" className="button button-ghost" onClick={close}>
          {ru.welcome.later}
        </button>
        <small className="welcome-note">{ru.welcome.note}</small>
      </div>
    </Modal>
  );
}

/**
 * The first-deposit banner (spec §3 first_deposit_banner) on the home page and the lobby: for a
 * player without a deposit yet, the welcome bonus of the first deposit and the way to the deposit.
 */
export function FirstDepositBanner() {
  const site = useSite();
  const enabled = site?.user != null && site.settings.firstDepositBanner === true;
  const pack = useQuery({ ...welcomePackQueryOptions(), enabled });
  if (!enabled || !pack.data || pack.data.hasDeposited) return null;
  const first = pack.data.steps.find((s) => s.step === 1);
  if (!first || first.status === 'refused' || first.status === 'none') return null;
  if (first.gift && first.gift.state !== 'available' && first.gift.state !== 'active') return null;
  const sum = (value: number) => formatAmount(value, first.currency);
  return (
    <aside
      className="first-deposit-banner"
      aria-label={ru.welcome.bannerLabel}
      data-testid="first-deposit-banner"
    >
      <WelcomeStepArt step={first} size={72} />
      <div className="first-deposit-text">
        {first.rules.percent !== null ? (
          <strong>
            <span className="first-deposit-percent">+{headline(first)}</span> {ru.welcome.bannerTitle}
          </strong>
        ) : (
          <strong>{first.title}</strong>
        )}
        <span>
          {first.rules.amount !== null ? ru.welcome.bannerText(sum(first.rules.amount)) : first.description}
        </span>
      </div>
      <Link className="button button-accent" to={depositWithGift(currentStep(pack.data))}>
        {ru.welcome.bannerAction}
      </Link>
    </aside>
  );
}
