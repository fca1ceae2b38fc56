import { beforeEach, describe, expect, it } from 'vitest';
import { rememberSettingsDialogShown, wasSettingsDialogShown } from './settings-dialog-memory';

describe('the Change System Settings dialog is remembered per attempt', () => {
  beforeEach(() => localStorage.clear());

  it('is not shown again for the same attempt, but is for another', () => {
    expect(wasSettingsDialogShown('attempt-a')).toBe(false);
    rememberSettingsDialogShown('attempt-a');
    expect(wasSettingsDialogShown('attempt-a')).toBe(true);
    expect(wasSettingsDialogShown('attempt-b')).toBe(false);
  });

  it('keeps only the latest 20 attempts', () => {
    for (let index = 0; index < 25; index += 1) rememberSettingsDialogShown(`attempt-${index}`);
    expect(wasSettingsDialogShown('attempt-4')).toBe(false);
    expect(wasSettingsDialogShown('attempt-5')).toBe(true);
    expect(wasSettingsDialogShown('attempt-24')).toBe(true);
  });

  it('survives a damaged entry', () => {
    localStorage.setItem('systemSettingsShownAttempts', '{not json');
    expect(wasSettingsDialogShown('attempt-a')).toBe(false);
    rememberSettingsDialogShown('attempt-a');
    expect(wasSettingsDialogShown('attempt-a')).toBe(true);
  });
});
