import { createMemoryStorage } from './memory-storage';
import { runStorageContract } from './storage-contract';

runStorageContract('memory', async () => {
  const storage = createMemoryStorage();
  return { storage, cleanup: () => storage.close() };
});
