import Drawer from '@mui/material/Drawer';
import { duration } from '@mui/material/styles';
import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { PlayerSection } from '../model/player-state';
import { PaletteSlide } from './palette-slide';
import { QuestionPalette } from './question-palette';

/** The backdrop fades in as the palette slides in (PaletteSlide), and both go at once on a jump. */
const DRAWER_TRANSITION = { enter: duration.enteringScreen, exit: 0 };
const DRAWER_SLOTS = { transition: PaletteSlide };

/**
 * The palette's drawer stays mounted while closed, but a move with it closed does not render it
 * (it is brought up to date when it opens). A jump closes it at once (PaletteSlide): no exit
 * transition measures the layout in the middle of the click or paints while the question is drawn.
 * Focus goes back to where it was before the drawer opened (the menu button) once the closed drawer
 * has been painted: the modal's own restore focused it inside the click, which made the browser lay
 * out the new question there and then, and took half of the jump's script time on a slow machine.
 */
export const PaletteDrawer = memo(
  function PaletteDrawer({
    isOpen,
    section,
    activeQuestion,
    onClose,
    onSelect,
  }: {
    isOpen: boolean;
    section: PlayerSection;
    activeQuestion: number;
    onClose: () => void;
    onSelect: (index: number) => void;
  }) {
    const { t } = useTranslation('exam');
    // The drawer is a modal dialog: it is named like the palette inside it.
    const slotProps = useMemo(() => ({ paper: { 'aria-label': t('palette.title') } }), [t]);
    const rootRef = useRef<HTMLDivElement>(null);
    const restoreRef = useRef<Element | null>(null);
    // Before the modal's focus trap moves focus into the drawer (its effect runs after this one).
    useLayoutEffect(() => {
      if (isOpen) restoreRef.current = document.activeElement;
    }, [isOpen]);
    const restoreFocus = useCallback(() => {
      const target = restoreRef.current;
      restoreRef.current = null;
      const active = document.activeElement;
      // Not when the student has already put the focus somewhere else.
      const isFocusLeftBehind = !active || active === document.body || Boolean(rootRef.current?.contains(active));
      if (target instanceof HTMLElement && target.isConnected && isFocusLeftBehind)
        target.focus({ preventScroll: true });
    }, []);
    return (
      <Drawer
        ref={rootRef}
        anchor="right"
        open={isOpen}
        onClose={onClose}
        keepMounted
        disableRestoreFocus
        onTransitionExited={restoreFocus}
        transitionDuration={DRAWER_TRANSITION}
        slots={DRAWER_SLOTS}
        slotProps={slotProps}
      >
        <QuestionPalette section={section} activeQuestion={activeQuestion} onSelect={onSelect} />
      </Drawer>
    );
  },
  (prev, next) => !prev.isOpen && !next.isOpen && prev.onClose === next.onClose && prev.onSelect === next.onSelect,
);
