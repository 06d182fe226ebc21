import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/onest';
import './ui/styles.css';
import { App } from './App.tsx';
import { whenSignedOut } from './lib/api.ts';
import { resetSession } from './lib/session.ts';

// A call that finds the session gone (idle timeout, blocked, logged out elsewhere) goes back to sign-in.
whenSignedOut(() => {
  resetSession();
  if (window.location.pathname !== '/login') window.location.assign('/login');
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
