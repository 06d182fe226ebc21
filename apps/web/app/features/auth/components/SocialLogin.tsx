import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { useSite } from '../../../lib/site-context.ts';

const providerName = (id: string) => ru.auth.providers[id] ?? id.charAt(0).toUpperCase() + id.slice(1);

/** Telegram's Login Widget (its own script), sending the player back to /telegram/login. */
function TelegramWidget({ bot }: { bot: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.dataset.telegramLogin = bot;
    script.dataset.size = 'large';
    script.dataset.authUrl = `${window.location.origin}/telegram/login`;
    script.dataset.requestAccess = 'write';
    element.append(script);
    return () => element.replaceChildren();
  }, [bot]);
  return <div ref={box} aria-label={ru.auth.telegram} />;
}

/**
 * The other ways in (spec §4): a button per configured OpenID provider (a form, so it works without
 * JavaScript too) and Telegram's widget when the operator named the bot.
 */
export function SocialLogin() {
  const social = useSite()?.settings.social;
  if (!social || (social.providers.length === 0 && !social.telegramBot)) return null;
  return (
    <div className="social-login" role="group" aria-label={ru.auth.socialTitle}>
      {social.providers.map((provider) => (
        <Form key={provider} method="post" action="/oauth-start" reloadDocument>
          <input type="hidden" name="provider" value={provider} />
          <button type="submit" className="button button-ghost">
            {ru.auth.socialWith(providerName(provider))}
          </button>
        </Form>
      ))}
      {social.telegramBot && <TelegramWidget bot={social.telegramBot} />}
    </div>
  );
}
