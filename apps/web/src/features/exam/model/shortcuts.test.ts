import { describe, expect, it } from 'vitest';
import { announcedMinutes } from './countdown';
import { shortcutLabel, shortcutOf } from './shortcuts';

const press = (code: string, modifiers: Partial<KeyboardEvent> = {}) => ({ altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, repeat: false, code, ...modifiers });

describe('player shortcut keys', () => {
  it('maps Alt+Shift and a letter by key position', () => {
    expect(shortcutOf(press('KeyN'))).toBe('next');
    expect(shortcutOf(press('KeyP'))).toBe('previous');
    expect(shortcutOf(press('KeyM'))).toBe('mark');
    expect(shortcutOf(press('KeyC'))).toBe('clear');
    expect(shortcutOf(press('KeyQ'))).toBe('palette');
  });
  it('ignores other keys, other modifiers and held keys', () => {
    expect(shortcutOf(press('KeyX'))).toBeNull();
    expect(shortcutOf(press('KeyN', { shiftKey: false }))).toBeNull();
    expect(shortcutOf(press('KeyN', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(press('KeyN', { repeat: true }))).toBeNull();
  });
  it('names them for aria-keyshortcuts', () => {
    expect(shortcutLabel('next')).toBe('Alt+Shift+N');
    expect(shortcutLabel('palette')).toBe('Alt+Shift+Q');
  });
});

describe('time announcements', () => {
  it('reaches 10, 5 and 1 minutes left, and nothing before', () => {
    expect(announcedMinutes(601)).toBeNull();
    expect(announcedMinutes(600)).toBe(10);
    expect(announcedMinutes(301)).toBe(10);
    expect(announcedMinutes(300)).toBe(5);
    expect(announcedMinutes(60)).toBe(1);
    expect(announcedMinutes(0)).toBe(1);
  });
});
