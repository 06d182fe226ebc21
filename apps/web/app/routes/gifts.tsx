import { Link, Outlet, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { useBack } from '../lib/navigation.ts';
import { privatePageMeta } from '../lib/seo.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { WalletBalance } from '../features/gifts/components/HeaderGifts.tsx';
import '../features/gifts/components/gifts.css';

/** The gifts page is full-screen (spec §2.3): its own bar instead of the site's header and footer. */
export const handle = { shell: 'full-screen' };

export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  return null;
}

export const meta: MetaFunction = () => privatePageMeta(ru.gifts.title);

/** The gifts' screen (spec §2.1 /gifts, /gifts/promo; login only): a bar with the way back and the balance. */
export default function GiftsScreen() {
  const back = useBack();
  return (
    <div className="gifts-screen">
      <header className="gifts-bar">
        <div className="gifts-bar-inner">
          <Link
            to="/"
            className="gifts-back"
            aria-label={ru.gifts.back}
            onClick={(event) => {
              event.preventDefault();
              back();
            }}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M15 5 8 12l7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </Link>
          <Link to="/gifts" className="gifts-bar-title">
            {ru.gifts.title}
          </Link>
          <WalletBalance />
        </div>
      </header>
      <main id="content" className="gifts-main">
        <Outlet />
      </main>
    </div>
  );
}
