/**
 * Uploaded images with STORAGE=postgres: the `uploads` table (bytea, by content-hashed name) is the source of
 * truth, and each instance's DATA_DIR/uploads is a local copy that the static files plugin serves as before (same
 * URLs, same immutable caching, sendfile speed).
 *
 * - An upload on any instance is stored in the table before it is answered (image-upload.ts calls `save` through
 *   upload-store.ts), and announced with NOTIFY on `uploads_changed`.
 * - Every instance LISTENs and writes the announced files into its folder (milliseconds later), and at start and
 *   every `syncEveryMs` (default 30 s) compares its folder with the table both ways: files missing locally are
 *   fetched; local files missing from the table (uploaded before the switch to PostgreSQL) are stored.
 * Names are content hashes, so a name always means the same bytes: no file is ever overwritten or compared.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { writeFileAtomic } from './atomic-file';
import { setUploadStore, type UploadedFile } from './upload-store';

export const UPLOADS_CHANNEL = 'uploads_changed';
/** The only names the uploads folder holds (image-upload.ts): `<16 hex>-<width>.webp`. */
export const UPLOAD_NAME = /^[0-9a-f]{16}-\d{1,5}\.webp$/;
const DEFAULT_SYNC_EVERY_MS = 30_000;

export interface PostgresUploadsOptions {
  pool: pg.Pool;
  databaseUrl: string;
  uploadsDir: string;
  /** Compare folder and table this often, whatever the notifications; 0 = only at start. Default 30 s. */
  syncEveryMs?: number;
  log?: (message: string) => void;
}

export interface PostgresUploads {
  /** Compares the folder with the table both ways now. */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Stores files in the table (a name already there is kept: names are content hashes) and announces them. */
export async function saveUploads(pool: pg.Pool, files: UploadedFile[]): Promise<void> {
  if (files.length === 0) return;
  await pool.query(
    `INSERT INTO uploads (name, content_type, bytes)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bytea[])
     ON CONFLICT (name) DO NOTHING`,
    [files.map((file) => file.name), files.map((file) => file.contentType), files.map((file) => file.data)],
  );
  await pool.query('SELECT pg_notify($1, $2)', [UPLOADS_CHANNEL, files.map((file) => file.name).join(',')]);
}

export async function startPostgresUploads(options: PostgresUploadsOptions): Promise<PostgresUploads> {
  const { pool, uploadsDir } = options;
  const log = options.log ?? ((message: string) => console.warn(message));
  await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
  let stopped = false;

  const localNames = async () => new Set((await readdir(uploadsDir)).filter((name) => UPLOAD_NAME.test(name)));

  /** Fetches the named files from the table into the folder (those already there are skipped). */
  const copyIn = async (names: string[]) => {
    const present = await localNames();
    const missing = names.filter((name) => UPLOAD_NAME.test(name) && !present.has(name));
    for (const name of missing) {
      const { rows } = await pool.query<{ bytes: Buffer }>('SELECT bytes FROM uploads WHERE name = $1', [name]);
      if (rows[0]) await writeFileAtomic(path.join(uploadsDir, name), rows[0].bytes);
    }
  };

  const save = (files: UploadedFile[]) => saveUploads(pool, files);

  let syncing: Promise<void> | null = null;
  const sync = (): Promise<void> => {
    syncing ??= (async () => {
      try {
        const { rows } = await pool.query<{ name: string }>('SELECT name FROM uploads');
        const stored = new Set(rows.map((row) => row.name));
        await copyIn([...stored]);
        const onlyHere = [...(await localNames())].filter((name) => !stored.has(name));
        for (const name of onlyHere) {
          await save([{ name, contentType: 'image/webp', data: await readFile(path.join(uploadsDir, name)) }]);
        }
      } finally {
        syncing = null;
      }
    })();
    return syncing;
  };

  // LISTEN on a connection of its own, reconnected when it drops (then a full sync catches what was missed).
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: options.databaseUrl });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      retry = setTimeout(() => {
        retry = null;
        void listen().then(() => sync().catch(() => {}));
      }, 1000);
      retry.unref();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      copyIn((message.payload ?? '').split(',')).catch((error) =>
        log(`Uploads: cannot copy ${message.payload} from the database (${errorText(error)})`),
      );
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${UPLOADS_CHANNEL}`);
      listener = client;
    } catch (error) {
      log(`Uploads: cannot LISTEN for other instances' uploads (${errorText(error)}); retrying`);
      onLost();
    }
  };

  setUploadStore(uploadsDir, { save });
  await listen();
  await sync();
  const syncEveryMs = options.syncEveryMs ?? DEFAULT_SYNC_EVERY_MS;
  const timer =
    syncEveryMs > 0
      ? setInterval(
          () => void sync().catch((error) => log(`Uploads: sync with the database failed (${errorText(error)})`)),
          syncEveryMs,
        )
      : null;
  timer?.unref();

  return {
    sync,
    async stop() {
      stopped = true;
      setUploadStore(uploadsDir, null);
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
      await syncing?.catch(() => {});
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
