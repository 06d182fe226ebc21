/** The only reader of process.env in the site: where the server-side loaders reach the API. */
export const serverConfig = {
  apiUpstream: (process.env.API_UPSTREAM ?? 'http://127.0.0.1:3001').replace(/\/+$/, ''),
  /** The header the edge sets with the visitor's country, passed on to the API (its 451 gate). */
  countryHeader: (process.env.COUNTRY_HEADER ?? 'x-country-code').toLowerCase(),
  /** The longest a session lives (the API's SESSION_MAX_DAYS): the session cookie never outlives it. */
  sessionMaxAgeSeconds: Number(process.env.SESSION_MAX_DAYS ?? 30) * 86_400,
};
