/**
 * Where stored uploads go besides the uploads folder. With STORAGE=postgres the database holds every uploaded
 * image (api/uploads/postgres-uploads.ts) and each instance's DATA_DIR/uploads is a local copy served by the static
 * files plugin; the file and memory storages have no store (the folder is all there is).
 *
 * Registered per uploads folder (not one global), so that several apps in one process (tests) each use their own.
 */
import path from 'node:path';

export interface UploadedFile {
  /** The content-hashed file name, e.g. `0123456789abcdef-960.webp`. */
  name: string;
  contentType: string;
  data: Buffer;
}

export interface UploadStore {
  /** Stores the files durably (idempotent: a name already stored is kept as it is). */
  save(files: UploadedFile[]): Promise<void>;
}

const stores = new Map<string, UploadStore>();

/** Sets (or, with null, removes) the store for an uploads folder. */
export function setUploadStore(uploadsDir: string, store: UploadStore | null): void {
  const key = path.resolve(uploadsDir);
  if (store) stores.set(key, store);
  else stores.delete(key);
}

export function uploadStoreFor(uploadsDir: string): UploadStore | undefined {
  return stores.get(path.resolve(uploadsDir));
}
