/** The loading state of a client-only start (offline shell, admin): it says what is loading, as SPEC §2 words it. */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_MESSAGES } from '@domain/public-messages';
import { HydrateFallback } from './route-error';

afterEach(() => vi.unstubAllGlobals());

const fallbackAt = (pathname: string) => {
  vi.stubGlobal('window', { location: { pathname } });
  return renderToString(<HydrateFallback />);
};

describe('HydrateFallback', () => {
  it("says 'Loading Community' on a community page, as the navigation panel does (SPEC §2)", () => {
    expect(fallbackAt('/community/austin-point')).toContain(PUBLIC_MESSAGES.loadingCommunity);
    expect(fallbackAt('/communities')).toContain('Loading Communities');
    expect(fallbackAt('/admin/dashboard')).toContain('Loading…');
    expect(fallbackAt('/admin/dashboard')).toContain('role="status"');
  });
});
