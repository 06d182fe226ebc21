/** This build's id: set by Vite at build time, the same in the browser's and the server's bundles. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'development';
