/**
 * Child process of durability.test.ts: opens the file storage on the folder given as first argument and commits
 * transactions until it is killed, 20 in flight at a time. Each transaction inserts one audit entry (its id is
 * chosen here) and increments a counter record, so the test can check atomicity as well as durability. The id
 * is printed on its own line only after `transact` has resolved, i.e. once the write is acknowledged as durable
 * (stdout to a pipe is synchronous on Linux, so a printed id has really left this process).
 *
 * Usage: node --import tsx api/storage/test-support/write-stream.ts <dataDir> [compactAfterEntries]
 */
import { randomUUID } from 'node:crypto';
import { openFileStorage } from '../file-storage';

const [dataDir, compactAfter = '100'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: write-stream.ts <dataDir> [compactAfterEntries]');

const IN_FLIGHT = 20;
const storage = await openFileStorage({ dataDir, compactAfterEntries: Number(compactAfter) });

await storage.transact((tx) => {
  if (!tx.get('idempotency', 'counter')) {
    tx.insert('idempotency', {
      id: 'counter',
      requestHash: '-',
      statusCode: 200,
      body: { n: 0 },
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
  }
});

async function writer(): Promise<never> {
  for (;;) {
    const id = randomUUID();
    await storage.transact((tx) => {
      tx.insert('audit', {
        id,
        at: new Date().toISOString(),
        actorId: null,
        actorEmail: null,
        action: 'stream.write',
        entity: 'audit',
        entityId: id,
        ip: null,
        outcome: 'success',
      });
      const counter = tx.get('idempotency', 'counter')!;
      tx.update('idempotency', 'counter', { body: { n: (counter.body as { n: number }).n + 1 } });
    });
    process.stdout.write(`${id}\n`);
  }
}

await Promise.all(Array.from({ length: IN_FLIGHT }, writer));
