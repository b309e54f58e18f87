/**
 * /kiosk/{community} rendered through the real routes on a tablet in kiosk mode: whatever became of its community
 * (slug edited, community deleted), the tablet keeps a way out ('Exit kiosk') and the count of its waiting sign-ins.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEY_KIOSK_MODE } from '@domain/constants';
import { MESSAGES } from '@domain/messages';
import type { Community } from '@domain/schemas/community';
import { DEFAULT_SITE_SETTINGS } from '@domain/schemas/settings';
import { seedRecords } from '@data-seed';
import { render } from '@/entry-server';
import type { PublicReader } from '@/data/public-reader';
import type { KioskMode } from '@/data/repositories/kiosk-repository';

// The count reads the outbox in an effect, which a server render does not run: a marker stands in for it.
vi.mock('@/features/kiosk/kiosk-waiting', () => ({ KioskWaiting: () => <p className="kiosk__waiting">COUNT</p> }));

/** A localStorage for the node environment. */
const values = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => values.get(key) ?? null,
  setItem: (key: string, value: string) => void values.set(key, value),
  removeItem: (key: string) => void values.delete(key),
} as Storage;
afterEach(() => values.clear());

let community: Community;
let communities: Community[];
const reader: PublicReader = {
  listCommunities: async () => communities,
  getCommunity: async (idOrSlug) => communities.find((c) => c.id === idOrSlug || c.slug === idOrSlug) ?? null,
  listListings: async () => [],
  getListing: async () => null,
  getSettings: async () => DEFAULT_SITE_SETTINGS,
};

beforeAll(() => {
  community = seedRecords().communities[0]!;
});

const startedOn = (started: Pick<Community, 'id' | 'slug' | 'name'>) => {
  const mode: KioskMode = {
    communityId: started.id,
    communitySlug: started.slug,
    communityName: started.name,
    pass: 'x.y',
    passExpiresAt: '2099-01-01T00:00:00.000Z',
    adminEmail: 'agent@example.com',
    passwordHash: null,
    startedAt: '2026-11-21T15:00:00.000Z',
  };
  values.set(STORAGE_KEY_KIOSK_MODE, JSON.stringify(mode));
};
/** The page's HTML without React's text separators. */
const page = async (url: string) =>
  (await render(url, 'https://homes.example.com', reader)).html.replaceAll('<!-- -->', '');

describe('the kiosk page on a tablet in kiosk mode', () => {
  it('still finds its community after the slug was edited, by the id it kept', async () => {
    startedOn(community);
    // The tablet stays locked to the old slug (app/kiosk-lock.ts), which may even name another community now.
    const other: Community = { ...community, id: `${community.id}-other`, name: 'Another Community' };
    communities = [{ ...community, slug: `${community.slug}-renamed` }, other];
    const html = await page(`/kiosk/${community.slug}`);
    expect(html).toContain(`Welcome to ${community.name}`);
    expect(html).toContain('Please sign in');
    expect(html).not.toContain('Another Community');
  });

  it("keeps 'Exit kiosk' and the waiting count when the community is gone", async () => {
    startedOn(community);
    communities = [];
    const html = await page(`/kiosk/${community.slug}`);
    expect(html).toContain(MESSAGES.communityNotFound);
    expect(html).toContain(`${community.name} is no longer on the site`);
    expect(html).toContain('>Exit kiosk</button>');
    expect(html).toContain('COUNT');
    expect(html).not.toContain('Please sign in');
  });

  it('shows only the not-found text on a device that is not a kiosk', async () => {
    communities = [];
    const html = await page(`/kiosk/${community.slug}`);
    expect(html).toContain(MESSAGES.communityNotFound);
    expect(html).toContain('no open-house kiosk can start here');
    expect(html).not.toContain('Exit kiosk');
  });
});
