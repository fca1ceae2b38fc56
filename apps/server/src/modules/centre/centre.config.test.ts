import { describe, expect, it } from 'vitest';
import { readConfig } from '../../config/env.js';

describe('the server role setting', () => {
  it('is central by default, and a centre needs its central server', () => {
    expect(readConfig({}).SERVER_ROLE).toBe('central');
    expect(() => readConfig({ SERVER_ROLE: 'centre' })).toThrow(/CENTRAL_URL: required when SERVER_ROLE=centre/);
    expect(() => readConfig({ SERVER_ROLE: 'centre', CENTRAL_URL: 'ftp://central.example' })).toThrow(/CENTRAL_URL/);
    expect(() => readConfig({ SERVER_ROLE: 'lab' })).toThrow(/SERVER_ROLE/);
    const centre = readConfig({ SERVER_ROLE: 'centre', CENTRAL_URL: 'https://central.example' });
    expect(centre).toMatchObject({ SERVER_ROLE: 'centre', CENTRAL_URL: 'https://central.example', CENTRE_STAGE_AHEAD_HOURS: 72, CENTRE_POLL_INTERVAL_MS: 60_000 });
  });
});
