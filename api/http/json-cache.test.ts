import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage/memory-storage';
import { JsonResponseCache } from './json-cache';

/** Just enough of Fastify's request and reply for JsonResponseCache.send. */
function exchange() {
  const sent: unknown[] = [];
  const reply = {
    code: () => reply,
    headers: () => reply,
    send: async (body: unknown) => {
      sent.push(body);
    },
  };
  return { request: { headers: {} } as unknown as FastifyRequest, reply: reply as unknown as FastifyReply, sent };
}

describe('JsonResponseCache', () => {
  it('when full, drops only its oldest entry', async () => {
    const cache = new JsonResponseCache(createMemoryStorage(), 3);
    let built = 0;
    const read = async (key: string) => {
      const { request, reply } = exchange();
      await cache.send(request, reply, key, ['listings'], async () => {
        built += 1;
        return { key };
      });
    };
    for (const key of ['a', 'b', 'c', 'd']) await read(key);
    expect(built).toBe(4);
    expect(cache.fresh('a', ['listings'])).toBeUndefined();
    for (const key of ['b', 'c', 'd']) expect(cache.fresh(key, ['listings'])?.payload).toBe(JSON.stringify({ key }));
    // The kept entries answer without being built again.
    for (const key of ['b', 'c', 'd']) await read(key);
    expect(built).toBe(4);
  });
});
