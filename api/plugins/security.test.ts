import { describe, expect, it } from 'vitest';
import { securityHeaderSets, securityHeadersFor } from './security';

const sets = securityHeaderSets();

describe('security headers by URL', () => {
  it('public pages keep the CSP and the other headers, without the two that isolate a document', () => {
    for (const url of [
      '/',
      '/communities',
      '/community/austin-point',
      '/listing/x',
      '/favorites',
      '/administrators',
      '/%E0%A4%A',
    ]) {
      const headers = securityHeadersFor(url, sets);
      expect(headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(headers['origin-agent-cluster'], url).toBeUndefined();
    }
  });

  it('the back office and the kiosk also isolate their documents', () => {
    // Spelt as the routers still take it (they decode the path and match in any case): the same isolation.
    const respelt = ['/%61dmin/contacts', '/ADMIN', '/Admin/contacts', '/%6Biosk/x'];
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/contacts?status=NEW',
      '/admin?x=1',
      '/kiosk/austin-point',
      ...respelt,
    ]) {
      const headers = securityHeadersFor(url, sets);
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['origin-agent-cluster'], url).toBe('?1');
      expect(headers['content-security-policy'], url).toBe(sets.pageHeaders['content-security-policy']);
    }
  });

  it('API answers get the JSON set: a CSP that allows nothing, no document isolation', () => {
    const headers = securityHeadersFor('/api/admin/communities', sets);
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cross-origin-opener-policy']).toBeUndefined();
  });
});
