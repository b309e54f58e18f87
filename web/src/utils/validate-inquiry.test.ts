import { describe, expect, it } from 'vitest';
import { validateInquiry } from './validate-inquiry';

const valid = { name: 'Jane', email: 'jane@example.com', phone: '', message: 'Hello' };

describe('validateInquiry (SPEC §5 popup form)', () => {
  it('accepts a complete form with no phone', () => {
    expect(validateInquiry(valid)).toEqual({});
  });

  it('names every missing required field with the spec messages', () => {
    expect(validateInquiry({ name: ' ', email: '', phone: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('rejects an email that does not look like an address', () => {
    for (const email of ['jane', 'jane@', 'jane@example', 'ja ne@example.com'])
      expect(validateInquiry({ ...valid, email }).email).toBe('Please enter a valid email address');
  });
});
