/**
 * The name of a record as this device's copy has it (a community's name, a listing's or property's title, a lead's
 * name), for the Sync page's titles: a delete carries no payload and an edit only its changed fields.
 */
import { localDb } from '../../local-db';
import type { OutboxEntity } from '../../outbox-entry';

const RECORD_NAME_FIELD = { communities: 'name', listings: 'title', properties: 'title', contacts: 'name' } as const;

export async function localRecordName(entity: OutboxEntity, id: string): Promise<string | undefined> {
  const field = RECORD_NAME_FIELD[entity as keyof typeof RECORD_NAME_FIELD];
  if (!field) return undefined;
  const table = localDb()[entity as keyof typeof RECORD_NAME_FIELD] as unknown as {
    get: (id: string) => Promise<Record<string, unknown> | undefined>;
  };
  const name = (await table.get(id))?.[field];
  return typeof name === 'string' && name ? name : undefined;
}
