/** Debian's Chromium, headless, with the flags this machine needs (never a downloaded browser). */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
