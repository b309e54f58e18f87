/**
 * Images chosen while the server could not be reached (issue 17): the bytes wait on this device in the
 * `pendingUploads` table, and the record's form holds a placeholder `pending-upload:<id>` instead of a URL. The
 * record's write is queued as any other; before it is sent, the sync worker uploads each image it names and puts
 * the server's URL in its place (pending-upload-delivery.ts). The placeholder never reaches the server: the domain
 * schema refuses it (an image reference is a URL, a path or a file name, never `name:...`), so a bug that let one
 * through would be a refused write, not a broken picture on a public page.
 *
 * The bytes stay until no queued write names them any more (delivered or discarded, collectUnusedUploads). A row
 * already uploaded keeps its URL a while after its bytes are gone, so a form still holding the placeholder saves
 * the right URL.
 */
import { localDb } from './local-db';
import { newUuid } from './uuid';

export const PENDING_UPLOAD_PREFIX = 'pending-upload:';

/** An uploaded row stays this long (URL only, no bytes) after the last write that named it was delivered. */
export const UPLOADED_ROW_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** An image chosen in a form that was never saved is dropped after this long. */
export const UNSAVED_UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;

/** The server's answer to an upload, as the placeholder's replacement needs it. */
export interface UploadedImageRef {
  url: string;
  variants: { width: number; url: string }[];
}

export interface PendingUploadRow {
  id: string;
  /** The file's name, for the upload's `filename` and the admin's messages. */
  filename: string;
  /** The file's type as the browser reported it (checked before it was kept). */
  type: string;
  /** The file's bytes; removed once no queued write needs them. ArrayBuffer, not Blob: older Safari cannot store Blobs in IndexedDB. */
  bytes?: ArrayBuffer;
  createdAt: number;
  /** When a queued write first named it: from then on it is kept until no write does. */
  attachedAt?: number;
  /** The server's answer once uploaded: a retried send reuses it instead of uploading again. */
  uploaded?: UploadedImageRef;
  /** When the bytes were dropped because no queued write needed them any more. */
  releasedAt?: number;
}

export const pendingUploadRef = (id: string): string => `${PENDING_UPLOAD_PREFIX}${id}`;

/** The row id a placeholder names, or null when `value` is not a placeholder. */
export function pendingUploadId(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith(PENDING_UPLOAD_PREFIX)) return null;
  const id = value.slice(PENDING_UPLOAD_PREFIX.length);
  return /^[\w-]{1,100}$/.test(id) ? id : null;
}

export const isPendingUploadRef = (value: unknown): value is string => pendingUploadId(value) !== null;

/** Every placeholder anywhere in a payload (a listing's `images`, a community's `image` or hero background), once each. */
export function findPendingUploadIds(payload: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    const id = pendingUploadId(value);
    if (id) found.add(id);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  visit(payload);
  return [...found];
}

/** The payload with each placeholder replaced by `replacement(id)`; everything else as it was. */
export function replacePendingUploads(payload: unknown, replacement: (id: string) => string): unknown {
  const id = pendingUploadId(payload);
  if (id) return replacement(id);
  if (Array.isArray(payload)) return payload.map((value) => replacePendingUploads(value, replacement));
  if (typeof payload === 'object' && payload !== null) {
    return Object.fromEntries(
      Object.entries(payload).map(([key, value]) => [key, replacePendingUploads(value, replacement)]),
    );
  }
  return payload;
}

/** Keeps a chosen image on this device and returns its placeholder. */
export async function keepPendingUpload(
  file: Blob,
  filename: string,
  now: number = Date.now(),
): Promise<string> {
  const id = newUuid();
  const bytes = await file.arrayBuffer();
  await localDb().pendingUploads.put({ id, filename, type: file.type, bytes, createdAt: now });
  return pendingUploadRef(id);
}

export async function getPendingUpload(id: string): Promise<PendingUploadRow | undefined> {
  return localDb().pendingUploads.get(id);
}

export async function markUploaded(id: string, uploaded: UploadedImageRef): Promise<void> {
  await localDb().pendingUploads.update(id, { uploaded });
}

/** A queued write names these rows: they are kept until no queued write does. */
export async function attachPendingUploads(ids: readonly string[], now: number = Date.now()): Promise<void> {
  if (ids.length === 0) return;
  const table = localDb().pendingUploads;
  await localDb().transaction('rw', table, async () => {
    for (const row of await table.bulkGet([...ids])) {
      if (row && row.attachedAt === undefined) await table.update(row.id, { attachedAt: now });
    }
  });
}

/**
 * Drops what no queued write needs any more: the bytes of rows once named by a write (delivered or discarded);
 * a row that was never uploaded goes whole, an uploaded one keeps its URL for UPLOADED_ROW_KEEP_MS. Rows of forms
 * never saved go after UNSAVED_UPLOAD_KEEP_MS. Resolves the ids whose bytes were dropped.
 */
export async function collectUnusedUploads(now: number = Date.now()): Promise<string[]> {
  const db = localDb();
  return db.transaction('rw', [db.outbox, db.pendingUploads], async () => {
    const rows = await db.pendingUploads.toArray();
    if (rows.length === 0) return [];
    const named = new Set(findPendingUploadIds((await db.outbox.toArray()).map((entry) => entry.payload)));
    const released: string[] = [];
    for (const row of rows) {
      if (named.has(row.id)) continue;
      if (row.releasedAt !== undefined) {
        if (now - row.releasedAt > UPLOADED_ROW_KEEP_MS) await db.pendingUploads.delete(row.id);
        continue;
      }
      const unsavedTooLong = row.attachedAt === undefined && now - row.createdAt > UNSAVED_UPLOAD_KEEP_MS;
      if (row.attachedAt === undefined && !unsavedTooLong) continue;
      released.push(row.id);
      if (row.uploaded) {
        const { bytes: _bytes, ...rest } = row;
        await db.pendingUploads.put({ ...rest, releasedAt: now });
      } else {
        await db.pendingUploads.delete(row.id);
      }
    }
    return released;
  });
}

/** collectUnusedUploads for callers that have done their own work already: a failure here only delays the cleanup. */
export async function collectUnusedUploadsQuietly(now?: number): Promise<void> {
  try {
    await collectUnusedUploads(now);
  } catch (error) {
    console.warn('Could not clean up the images waiting to upload', error);
  }
}
