import { useCallback } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { browserApi, rememberSession } from './api.browser.ts';

/** Ends the session at the API (a failure still signs out here), then the home page as a guest. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return useCallback(async () => {
    await browserApi()
      .post('/users/self/logout')
      .catch(() => undefined);
    rememberSession(null);
    await navigate('/', { replace: true });
    await revalidator.revalidate();
  }, [navigate, revalidator]);
}
