import { describe, expect, it } from 'vitest';
import { optionalHttpUrl } from './optional-url';

describe('optional web build settings', () => {
  it('treats unset and empty as not configured', () => {
    expect(optionalHttpUrl('VITE_MAKE_PAYMENT_URL', undefined)).toBeNull();
    expect(optionalHttpUrl('VITE_MAKE_PAYMENT_URL', '  ')).toBeNull();
  });
  it('accepts an absolute http(s) address', () => {
    expect(optionalHttpUrl('VITE_MAKE_PAYMENT_URL', 'https://pay.example.org/neet')).toBe('https://pay.example.org/neet');
  });
  it('refuses anything else with the variable named', () => {
    expect(() => optionalHttpUrl('VITE_MAKE_PAYMENT_URL', 'pay.example.org')).toThrow(/VITE_MAKE_PAYMENT_URL/);
    expect(() => optionalHttpUrl('VITE_MAKE_PAYMENT_URL', 'javascript:alert(1)')).toThrow(/http\(s\)/);
  });
});
