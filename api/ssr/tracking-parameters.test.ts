import { describe, expect, it } from 'vitest';
import { withoutTrackingParameters } from './tracking-parameters';

describe('withoutTrackingParameters', () => {
  it('gives an ad click the plain page: click ids and campaign tags removed', () => {
    expect(withoutTrackingParameters('/listing/abc?gclid=Cj0KCQiA')).toBe('/listing/abc');
    expect(withoutTrackingParameters('/?fbclid=IwAR2x&utm_source=facebook&utm_medium=paid')).toBe('/');
    expect(withoutTrackingParameters('/community/austin-point?msclkid=9f&utm_campaign=spring')).toBe(
      '/community/austin-point',
    );
  });

  it('keeps every parameter a page may read, byte for byte and in order', () => {
    expect(withoutTrackingParameters('/search?beds=3&utm_source=mail&maxPrice=400000')).toBe(
      '/search?beds=3&maxPrice=400000',
    );
    expect(withoutTrackingParameters('/communities?page=2&gclid=x')).toBe('/communities?page=2');
    expect(withoutTrackingParameters('/search?q=caf%C3%A9&sort=price')).toBe('/search?q=caf%C3%A9&sort=price');
    expect(withoutTrackingParameters('/contact?sent')).toBe('/contact?sent');
  });

  it('leaves a URL without tracking parameters as it is, the same string', () => {
    const url = '/search?beds=3&&x=';
    expect(withoutTrackingParameters(url)).toBe(url);
    expect(withoutTrackingParameters('/listing/abc')).toBe('/listing/abc');
    expect(withoutTrackingParameters('/?')).toBe('/?');
  });

  it('removes only exact names: a lookalike, another case or an encoded name stays (a render, never a wrong page)', () => {
    expect(withoutTrackingParameters('/search?utm_sourcex=1&UTM_SOURCE=2&utm%5Fsource=3&xgclid=4')).toBe(
      '/search?utm_sourcex=1&UTM_SOURCE=2&utm%5Fsource=3&xgclid=4',
    );
    expect(withoutTrackingParameters('/search?gclid')).toBe('/search');
    expect(withoutTrackingParameters('/search?beds=gclid')).toBe('/search?beds=gclid');
  });
});
