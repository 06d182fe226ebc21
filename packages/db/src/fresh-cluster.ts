import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * An in-memory PGlite starts with initdb, which costs seconds of CPU; one loaded from the data folder
 * of a cluster just made costs a fraction of a second. The first in-memory database on a machine saves
 * its fresh, empty cluster under the temporary folder (one file per installed PGlite build), and every
 * later one, in any process, starts from that file. Nothing but initdb's output is in it: every
 * database still runs its own migrations.
 */
const installed = (() => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return createHash('sha256')
    .update(`${entry}:${statSync(entry).mtimeMs}`)
    .digest('hex')
    .slice(0, 16);
})();
const saved = join(tmpdir(), `kometa-pglite-cluster-${installed}.tar`);
let inProcess: Blob | undefined;

async function freshClusterImage(): Promise<Blob | undefined> {
  if (inProcess) return inProcess;
  try {
    inProcess = new Blob([await readFile(saved)]);
    return inProcess;
  } catch {
    return undefined;
  }
}

async function saveImage(client: PGlite): Promise<void> {
  const image = await client.dumpDataDir('none');
  const bytes = new Uint8Array(await image.arrayBuffer());
  // Written aside and renamed: a process reading it never sees half a file.
  const partial = `${saved}.${randomBytes(6).toString('hex')}`;
  await writeFile(partial, bytes);
  await rename(partial, saved);
  inProcess = new Blob([bytes]);
}

/** A new, empty in-memory cluster: from the saved image when there is one, else made and saved. */
export async function freshInMemoryCluster(): Promise<PGlite> {
  const image = await freshClusterImage();
  if (image) {
    try {
      const client = new PGlite({ loadDataDir: image });
      await client.waitReady;
      return client;
    } catch {
      inProcess = undefined;
    }
  }
  const client = new PGlite();
  await client.waitReady;
  await saveImage(client).catch(() => undefined);
  return client;
}
