import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../../../test/exam-factories';
import { createPlayerState } from '../model/player-machine';
import { PaletteDrawer } from './palette-drawer';

const section = createPlayerState(makeSession(), 1_700_000_000_000).sections[0]!;

/** A menu button that opens the drawer, another control on the page, and the drawer. */
function Harness({ onSelect }: { onSelect: (index: number) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        menu
      </button>
      <button type="button">elsewhere</button>
      <PaletteDrawer
        isOpen={isOpen}
        section={section}
        activeQuestion={0}
        onClose={() => setIsOpen(false)}
        onSelect={(index) => {
          onSelect(index);
          setIsOpen(false);
        }}
      />
    </>
  );
}

/** The closed drawer reports its exit after the next frame (PaletteSlide). */
function afterFrame() {
  act(() => vi.runAllTimers());
}

describe('PaletteDrawer', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }),
  );
  afterEach(() => vi.useRealTimers());

  function openFromMenu() {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const menu = screen.getByRole('button', { name: 'menu' });
    menu.focus();
    fireEvent.click(menu);
    afterFrame();
    return { menu, onSelect, entry: (n: number) => screen.getByTestId(`palette-${n}`) };
  }

  it('gives focus back to the menu button only once the drawer has closed after a jump', () => {
    const { menu, onSelect, entry } = openFromMenu();
    entry(2).focus();
    fireEvent.click(entry(2));
    expect(onSelect).toHaveBeenCalledWith(1);
    // Not inside the click: the new question is drawn first.
    expect(entry(2)).toHaveFocus();
    afterFrame();
    expect(menu).toHaveFocus();
  });

  it('gives focus back after Escape as well', () => {
    const { menu } = openFromMenu();
    fireEvent.keyDown(screen.getByRole('navigation'), { key: 'Escape' });
    afterFrame();
    expect(menu).toHaveFocus();
  });

  it('leaves the focus where the student put it meanwhile', () => {
    const { entry } = openFromMenu();
    fireEvent.click(entry(1));
    const elsewhere = screen.getByRole('button', { name: 'elsewhere', hidden: true });
    elsewhere.focus();
    afterFrame();
    expect(elsewhere).toHaveFocus();
  });
});
