import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (ADR 026): the document's
 * own scripts carry it, and only they run. In the browser it is empty: a nonce is read once, by the
 * browser, from the served document.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
