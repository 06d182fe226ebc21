/** Bench settings: seconds per measurement and connections (the figures use 10 s and 50). */
export const benchConfig = {
  durationSeconds: Number(process.env.BENCH_DURATION_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  rounds: Number(process.env.BENCH_ROUNDS ?? 2),
  only: process.env.BENCH_ONLY,
  /** The game clients the game-clients suite plays (comma-separated; unset: all), to study a few. */
  games: process.env.BENCH_GAMES?.split(',').map((game) => game.trim()),
  /** Where bench servers write V8 CPU profiles (unset: no profiling). */
  profileDir: process.env.BENCH_PROFILE_DIR,
  /** Suites that also measure on PostgreSQL create their databases here (and drop them). */
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};

/** The environment bench servers inherit (the parent's, minus what each server sets itself). */
export const inheritedEnvironment: Record<string, string | undefined> = { ...process.env };
