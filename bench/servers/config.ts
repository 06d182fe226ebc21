/** The port a bench server listens on, given by the harness. */
export const benchServerPort = Number(process.env.PORT ?? 0);
