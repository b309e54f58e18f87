import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './submit-inquiry';

describe('serverFieldErrors', () => {
  it('maps the server details to fields, first message per field', () => {
    const error = Object.assign(new Error('Invalid input'), {
      details: [
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'email', message: 'second' },
        { path: 'name.0', message: 'Name is required' },
      ],
    });
    expect(serverFieldErrors(error)).toEqual({ email: 'Please enter a valid email address', name: 'Name is required' });
  });

  it('is empty for errors without details', () => {
    expect(serverFieldErrors(new Error('offline'))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});
