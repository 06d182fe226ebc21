/** Bench settings: seconds per measurement and connections (the figures use 10 s and 50). */
export const benchConfig = {
  durationSeconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  rounds: Number(process.env.BENCH_ROUNDS ?? 2),
  only: process.env.BENCH_ONLY,
};

/** The environment bench servers inherit (the parent's, minus what each server sets itself). */
export const inheritedEnvironment: Record<string, string | undefined> = { ...process.env };
