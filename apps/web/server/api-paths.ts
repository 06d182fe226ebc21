/** The paths the API process answers; the site host passes them through, everything else is the site. */
export const API_PATH_PREFIXES = [
  '/api/',
  '/media/',
  '/sandbox/',
  '/mobapp/',
  '/healthz',
  '/readyz',
] as const;

export const isApiPath = (path: string) => API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
