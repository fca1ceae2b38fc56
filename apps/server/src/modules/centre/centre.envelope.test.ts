import { describe, expect, it } from 'vitest';
import { EnvelopeRefused, newCentreCode, newDataKey, openPaper, sealPaper, unwrapAnyWithCode, unwrapKeyWithCode, wrapKeyForCode } from './centre.envelope.js';

const paper = { task: { id: 7, name: 'NEET mock' }, questions: [{ id: 1, text: 'Which organelle makes ATP? mitochondria-marker' }] };

describe('centre envelopes', () => {
  it('seals a paper that only its data key and exam open, with no plaintext in the envelope', async () => {
    const key = newDataKey();
    const jwe = await sealPaper(paper, key, 41);
    expect(jwe.split('.')).toHaveLength(5);
    expect(jwe).not.toContain('mitochondria');
    expect(Buffer.from(jwe.split('.')[3]!, 'base64url').toString('latin1')).not.toContain('mitochondria');
    await expect(openPaper(jwe, key, 41)).resolves.toEqual(paper);
    await expect(openPaper(jwe, newDataKey(), 41)).rejects.toBeInstanceOf(EnvelopeRefused);
    await expect(openPaper(jwe, key, 42)).rejects.toBeInstanceOf(EnvelopeRefused);
  });

  it('refuses a paper with any altered part', async () => {
    const key = newDataKey();
    const parts = (await sealPaper(paper, key, 5)).split('.');
    for (const index of [0, 2, 3, 4]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      altered[index] = bytes.toString('base64url');
      await expect(openPaper(altered.join('.'), key, 5)).rejects.toBeInstanceOf(EnvelopeRefused);
    }
  });

  it('refuses a malformed data key', async () => {
    await expect(sealPaper(paper, 'c2hvcnQ', 1)).rejects.toBeInstanceOf(EnvelopeRefused);
  });

  it('unwraps the data key with the right code for the right centre and exam only', async () => {
    const key = newDataKey();
    const code = newCentreCode();
    const wrap = await wrapKeyForCode(key, code, { centreId: 3, scheduleId: 9 });
    expect(wrap).not.toHaveProperty('aad');
    expect(JSON.stringify(wrap)).not.toContain(key);
    await expect(unwrapKeyWithCode(wrap, code, { centreId: 3, scheduleId: 9 })).resolves.toBe(key);
    // Another code, another exam, another centre.
    let other = newCentreCode();
    while (other === code) other = newCentreCode();
    await expect(unwrapKeyWithCode(wrap, other, { centreId: 3, scheduleId: 9 })).rejects.toBeInstanceOf(EnvelopeRefused);
    await expect(unwrapKeyWithCode(wrap, code, { centreId: 3, scheduleId: 10 })).rejects.toBeInstanceOf(EnvelopeRefused);
    await expect(unwrapKeyWithCode(wrap, code, { centreId: 4, scheduleId: 9 })).rejects.toBeInstanceOf(EnvelopeRefused);
  }, 30_000);

  it('refuses a wrap whose header asks for other key-derivation costs or algorithms', async () => {
    const key = newDataKey();
    const code = newCentreCode();
    const wrap = await wrapKeyForCode(key, code, { centreId: 1, scheduleId: 1 });
    const header = JSON.parse(Buffer.from(wrap.protected!, 'base64url').toString()) as { kdf: { m: number } };
    header.kdf.m = 4_194_304;
    const greedy = { ...wrap, protected: Buffer.from(JSON.stringify(header)).toString('base64url') };
    await expect(unwrapKeyWithCode(greedy, code, { centreId: 1, scheduleId: 1 })).rejects.toThrow('not an invigilator-code wrap');
    await expect(unwrapKeyWithCode({ ...wrap, protected: 'e30' }, code, { centreId: 1, scheduleId: 1 })).rejects.toBeInstanceOf(EnvelopeRefused);
  }, 30_000);

  it('finds the one wrap of several that opens under a code', async () => {
    const key = newDataKey();
    const [first, second] = [newCentreCode(), newCentreCode()];
    const binding = { centreId: 2, scheduleId: 2 };
    const wraps = [await wrapKeyForCode(key, first, binding), await wrapKeyForCode(key, second, binding)];
    await expect(unwrapAnyWithCode(wraps, second, binding)).resolves.toBe(key);
    await expect(unwrapAnyWithCode(wraps, second, { centreId: 2, scheduleId: 3 })).resolves.toBeNull();
  }, 30_000);
});
