/**
 * The PostgreSQL adapter's LISTEN connection: one dedicated client per instance that hears other instances'
 * commits (NOTIFY with their seq) and is reconnected a second after it drops. Notifications sent while nothing
 * listened are lost, so each (re)connection also asks the caller to look at the change log once.
 */
import pg from 'pg';
import { CHANGES_CHANNEL, errorText } from './postgres-sql';

export interface ChangeListenerOptions {
  databaseUrl: string;
  /** A commit with this seq was announced. */
  onNotified: (seq: number) => void;
  /** Listening (again): whatever was announced meanwhile is unknown. */
  onListening: () => void;
  log: (message: string) => void;
}

export interface ChangeListener {
  stop(): Promise<void>;
}

export async function listenForChanges(options: ChangeListenerOptions): Promise<ChangeListener> {
  let stopped = false;
  let listener: pg.Client | null = null;
  let relisten: NodeJS.Timeout | null = null;

  const scheduleListen = () => {
    if (stopped || relisten) return;
    relisten = setTimeout(() => {
      relisten = null;
      void listen();
    }, 1000);
    relisten.unref();
  };

  const listen = async () => {
    if (stopped) return;
    // As the pool's (postgres-storage.ts): a database that stops answering fails LISTEN or the connect, and the
    // retry below takes over, instead of holding the open or the reconnection for ever.
    const client = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: 5000,
      query_timeout: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      scheduleListen();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => options.onNotified(Number(message.payload)));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (stopped) {
        await client.end();
        return;
      }
      listener = client;
      options.onListening();
    } catch (error) {
      options.log(`PostgreSQL storage: cannot LISTEN for other instances' writes (${errorText(error)}); retrying`);
      onLost();
    }
  };

  await listen();
  return {
    async stop() {
      stopped = true;
      if (relisten) clearTimeout(relisten);
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
