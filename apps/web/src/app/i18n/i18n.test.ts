import { CORE_MESSAGES } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('catalogue messages in the web app', () => {
  it('says an id outside the list as a choice to make, not in the API’s words', async () => {
    expect(CORE_MESSAGES.idOutOfRange.en).toBe('This id is not valid.');
    expect(i18n.t('messages:idOutOfRange')).toBe('Choose one of the listed items.');
    await i18n.changeLanguage('tn');
    expect(i18n.t('messages:idOutOfRange')).toBe('பட்டியலில் உள்ள ஒன்றைத் தேர்ந்தெடுக்கவும்.');
  });

  it('keeps every other catalogue message as the server words it', () => {
    const plain = Object.entries(CORE_MESSAGES).filter(([key, text]) => key !== 'idOutOfRange' && !text.en.includes('{{'));
    expect(plain.length).toBeGreaterThan(20);
    for (const [key, text] of plain) expect(i18n.t(`messages:${key}`)).toBe(text.en);
  });
});
