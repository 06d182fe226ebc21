import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { ru } from '../../../i18n/ru.ts';
import { rememberSession } from '../../../lib/api.browser.ts';
import { useHydrated } from '../../../lib/hydrated.ts';
import { useSite } from '../../../lib/site-context.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { takeReturnPath } from '../return-path.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { SocialLogin } from './SocialLogin.tsx';

const LOGIN_HASH = '#authorization';
const REGISTER_HASHES = ['#register', '#registration'];

/**
 * The login and registration modals, opened by the URL's hash (spec §2.3) and gone once the player
 * is signed in. After signing in the player returns to the page a login-only route saved (§2.2).
 */
export function AuthModals() {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const site = useSite();
  // The hash never reaches the server: the modals open once the page is alive.
  const hydrated = useHydrated();
  if (site?.user || !hydrated) return null;
  const login = location.hash === LOGIN_HASH;
  const register = REGISTER_HASHES.includes(location.hash);
  if (!login && !register) return null;

  const close = () =>
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  const signedIn = async (token: string) => {
    rememberSession(token);
    const back = takeReturnPath();
    await navigate(back ?? { pathname: location.pathname, search: location.search }, { replace: true });
    await revalidator.revalidate();
  };

  return login ? (
    <Modal title={ru.auth.loginTitle} onClose={close}>
      <LoginForm onToken={(token) => void signedIn(token)} />
      <SocialLogin />
      <p>
        <Link to={{ search: location.search, hash: 'register' }} replace>
          {ru.auth.toRegister}
        </Link>
      </p>
    </Modal>
  ) : (
    <Modal title={ru.auth.registerTitle} onClose={close}>
      <RegisterForm onToken={(token) => void signedIn(token)} />
      <SocialLogin />
      <p>
        <Link to={{ search: location.search, hash: 'authorization' }} replace>
          {ru.auth.toLogin}
        </Link>
      </p>
    </Modal>
  );
}
