/**
 * Writes db.json for a compaction record by record, in chunks, instead of as one string.
 *
 * Why: the snapshot holds every record. Serialising it in one JSON.stringify built a string as large as the
 * file (tens of MB once a busy open-house season has added its leads) plus a Buffer copy to write it, every
 * compaction; the load benchmark saw the server's RSS step up by that much and stay there (DESIGN §7 asks it
 * to stay within 1.5× of the warmed-up figure), and the event loop stalled for the whole stringify. Here the
 * largest piece in memory is one chunk, and other requests are served between chunks.
 *
 * Atomic and durable like lowdb's writer, and one step more: a temp file in the same folder, fsynced, then
 * renamed over db.json (the caller fsyncs the folder). A crash leaves the old or the new snapshot, never half
 * of one; a failed write removes the temp file and leaves db.json as it was.
 */
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export interface SnapshotContent {
  format: 1;
  lastSeq: number;
  collections: Record<string, readonly unknown[]>;
}

/** Text is written once this much has gathered. */
const CHUNK_CHARS = 256 * 1024;

/** The same text as JSON.stringify(snapshot), produced in pieces. */
export function* snapshotJsonPieces(snapshot: SnapshotContent): Generator<string> {
  yield `{"format":${JSON.stringify(snapshot.format)},"lastSeq":${JSON.stringify(snapshot.lastSeq)},"collections":{`;
  let firstCollection = true;
  for (const [name, records] of Object.entries(snapshot.collections)) {
    yield `${firstCollection ? '' : ','}${JSON.stringify(name)}:[`;
    firstCollection = false;
    for (let index = 0; index < records.length; index += 1) {
      yield (index === 0 ? '' : ',') + JSON.stringify(records[index] ?? null);
    }
    yield ']';
  }
  yield '}}';
}

/** Writes all of `text` (a write to a file may take only part of it, e.g. when the disk fills up). */
async function writeAll(handle: FileHandle, text: string): Promise<void> {
  const data = Buffer.from(text);
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

export async function writeSnapshotFile(file: string, snapshot: SnapshotContent): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  // Owner-only: db.json takes this file's mode with the rename. chmod too, because a temp file left by an
  // interrupted compaction keeps its old mode when opened with 'w'.
  const handle = await open(temp, 'w', 0o600);
  let renamed = false;
  try {
    await handle.chmod(0o600);
    let pending = '';
    for (const piece of snapshotJsonPieces(snapshot)) {
      pending += piece;
      if (pending.length >= CHUNK_CHARS) {
        await writeAll(handle, pending);
        pending = '';
      }
    }
    if (pending) await writeAll(handle, pending);
    await handle.sync();
    await handle.close();
    await rename(temp, file);
    renamed = true;
  } finally {
    if (!renamed) {
      await handle.close().catch(() => {});
      await unlink(temp).catch(() => {});
    }
  }
}
