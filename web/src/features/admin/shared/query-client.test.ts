/** The back office's QueryClient defaults: the reconnect rule, no retry, and queries that run offline too. */
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminQueryClient, isDeviceCopy } from './query-client';

afterEach(() => onlineManager.setOnline(true));

/** Subscribes an observer (as a mounted screen does) and waits for its first answer. */
async function watch(client: ReturnType<typeof createAdminQueryClient>, key: string, queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: ['admin', key], queryFn });
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().status).not.toBe('pending'));
  return { observer, stop };
}

describe('createAdminQueryClient', () => {
  it("fetches again on reconnection only what this device's copy answered", async () => {
    const client = createAdminQueryClient();
    client.mount();
    const fromDevice = vi.fn(async () => ({ records: [], offline: true }));
    const fromServer = vi.fn(async () => ({ records: [], offline: false }));
    const a = await watch(client, 'communities', fromDevice);
    const b = await watch(client, 'listings', fromServer);

    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(fromDevice).toHaveBeenCalledTimes(2));
    expect(fromServer).toHaveBeenCalledTimes(1);
    a.stop();
    b.stop();
    client.unmount();
  });

  it('runs queries while offline (the repositories answer from the device) and shows an error at once', async () => {
    const client = createAdminQueryClient();
    onlineManager.setOnline(false);
    const failing = vi.fn(async () => {
      throw new Error('Failed to load');
    });
    const { observer, stop } = await watch(client, 'properties', failing);
    expect(observer.getCurrentResult().error).toEqual(new Error('Failed to load'));
    expect(failing).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tells a device copy by its offline flag', () => {
    expect(isDeviceCopy({ records: [], offline: true })).toBe(true);
    expect(isDeviceCopy({ records: [], offline: false })).toBe(false);
    expect(isDeviceCopy(undefined)).toBe(false);
    expect(isDeviceCopy(3)).toBe(false);
  });
});
