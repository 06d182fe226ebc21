import { queryOptions } from '@tanstack/react-query';
import type { WelcomePack, WelcomePackStep } from '@kometa/contracts';
import { browserApi } from '../../../lib/api.browser.ts';

export const welcomeKeys = { pack: ['gifts', 'welcome-pack'] as const };

/** The player's welcome pack (GET /gifts/welcome-pack, ADR 034), asked by the browser. */
export const welcomePackQueryOptions = () =>
  queryOptions({
    queryKey: welcomeKeys.pack,
    queryFn: async (): Promise<WelcomePack> => {
      const answer = await browserApi().get<WelcomePack>('/gifts/welcome-pack');
      if (!answer.data) throw new Error(`welcome pack refused: ${answer.status}`);
      return answer.data;
    },
    retry: 3,
    staleTime: 30_000,
  });

/** The step the player can use now: the first one given and not finished (a gift to take or taken). */
export function currentStep(pack: WelcomePack | undefined): WelcomePackStep | null {
  return (
    pack?.steps.find(
      (step) =>
        step.status === 'granted' && (step.gift?.state === 'available' || step.gift?.state === 'active'),
    ) ?? null
  );
}

/** The pack is still being given (a registration a moment ago): asked again shortly. */
export const packInProgress = (pack: WelcomePack | undefined) =>
  pack !== undefined &&
  pack.steps.length > 0 &&
  (pack.steps[0]!.status === 'later' || pack.steps[0]!.status === 'pending');

/** The deposit with a welcome gift preselected (its terms open there before it is taken). */
export const depositWithGift = (step: WelcomePackStep | null) =>
  step?.gift ? `/payment/deposit?gift=${step.gift.id}` : '/payment/deposit';
