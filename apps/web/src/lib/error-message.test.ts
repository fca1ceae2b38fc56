import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeError } from './error-message';

describe('describeError (spec 000 §8)', () => {
  it('maps 500 and 503 to the catalogue toasts', () => {
    expect(describeError(new ApiError('boom', 'INTERNAL', 500))).toEqual({ key: 'unhandledException' });
    expect(describeError(new ApiError('Request failed with status code 500', 'X', 502))).toEqual({ key: 'unhandledException' });
    expect(describeError(new ApiError('upstream', 'X', 503))).toEqual({ key: 'serverTimeout' });
  });
  it('uses the caller fallback for network errors', () => {
    expect(describeError(new ApiError('Failed to fetch', 'NETWORK', 0), 'checkInternet')).toEqual({ key: 'checkInternet' });
    expect(describeError(new ApiError('Failed to fetch', 'NETWORK', 0))).toEqual({ key: 'oopsSomethingWrong' });
  });
  it("shows the server's own message otherwise", () => {
    expect(describeError(new ApiError('Invalid user or ppassword', 'AUTH_INVALID_CREDENTIALS', 401))).toEqual({ text: 'Invalid user or ppassword' });
  });
});
