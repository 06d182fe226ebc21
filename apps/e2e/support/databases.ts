import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL databases of one half of the browser tests (run.ts, when `E2E_DATABASE_URL` names a
 * server): the casino's and the game server's, empty, so the site migrates and loads its demo content
 * on them as a fresh installation does. Dropped when the half ends.
 */
export interface HalfDatabases {
  casinoUrl: string;
  gamesUrl: string;
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const urlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function halfDatabases(serverUrl: string, half: number): Promise<HalfDatabases> {
  const stem = `kometa_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}_${half}`;
  const names = [`${stem}_casino`, `${stem}_games`] as const;
  for (const name of names) await onServer(serverUrl, `create database ${name}`);
  return {
    casinoUrl: urlOf(serverUrl, names[0]),
    gamesUrl: urlOf(serverUrl, names[1]),
    async drop() {
      for (const name of names) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
