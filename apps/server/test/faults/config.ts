/**
 * What the processes these tests spawn inherit from the runner: only where to find programs and a home,
 * never the runner's own DATABASE_URL, REDIS_URL or NODE_ENV (each server gets exactly what a test gives).
 */
export const childBaseEnvironment: Record<string, string> = Object.fromEntries(
  ['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((name) => {
    const value = process.env[name];
    return value === undefined ? [] : [[name, value]];
  }),
);
