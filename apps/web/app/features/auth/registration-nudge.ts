import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSite } from '../../lib/site-context.ts';

/** Game pages (not the lobby's lists) are never interrupted (spec §4 mobile registration popup). */
const isGamePage = (path: string) => /^\/(game|game_promo)\//.test(path);

/**
 * The mobile registration popup (spec §4, settings popup_registration): a guest on a phone is offered
 * registration after `mobile_timeout` seconds, then every `mobile_interval` seconds, by the URL's hash;
 * never over a game, never over another open dialog.
 */
export function useRegistrationNudge(): void {
  const site = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const popup = site?.settings.registrationPopup;
  const eligible = Boolean(site && !site.user && site.isMobile && popup?.enabled);
  const onGame = isGamePage(location.pathname);
  useEffect(() => {
    if (!eligible || onGame || !popup) return;
    let timer: ReturnType<typeof setTimeout>;
    const offer = (delaySeconds: number) => {
      timer = setTimeout(() => {
        if (!window.location.hash && !document.querySelector('dialog[open]')) {
          void navigate({ hash: 'register' }, { preventScrollReset: true });
        }
        offer(popup.interval);
      }, delaySeconds * 1000);
    };
    offer(popup.timeout);
    return () => clearTimeout(timer);
  }, [eligible, onGame, popup, navigate]);
}
