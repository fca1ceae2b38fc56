import { PASTE_GUARD_CHARS } from '@app/contracts';
import { Annotation, EditorState, Prec, type ChangeSet, type Extension, type Transaction } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';

/** Marks a change made by the program (Reset, a language switch), which the guard lets through. */
export const programmaticChange = Annotation.define<boolean>();

export type BlockedAction = 'paste' | 'copy' | 'cut' | 'drop';

/**
 * Characters a change set adds, not counting whitespace-only pieces: pressing Enter inserts the
 * line break plus the next line's indentation, and indenting a selection adds spaces to many
 * lines; neither brings in code from elsewhere.
 */
export function insertedCharacters(changes: ChangeSet): number {
  let count = 0;
  changes.iterChanges((_fromA, _toA, _fromB, _toB, inserted) => {
    const text = inserted.toString();
    if (text.trim().length > 0) count += text.length;
  });
  return count;
}

/** Whether a transaction is a paste by the spec's rule: more than 15 characters added at once. */
export function isPasteLike(tr: Transaction): boolean {
  if (!tr.docChanged || tr.annotation(programmaticChange)) return false;
  // Undo, redo and moving lines only put back or move text that was already typed here.
  if (tr.isUserEvent('undo') || tr.isUserEvent('redo') || tr.isUserEvent('move')) return false;
  return insertedCharacters(tr.changes) > PASTE_GUARD_CHARS;
}

/** Rejects every change that adds more than 15 characters at once (spec 001 §5 paste block). */
export function pasteGuard(onBlocked?: (action: BlockedAction) => void): Extension {
  return EditorState.transactionFilter.of((tr) => {
    if (!isPasteLike(tr)) return tr;
    // Reported after the dispatch so that listeners may update React state safely.
    if (onBlocked) queueMicrotask(() => onBlocked('paste'));
    return [];
  });
}

/** Copy, cut, paste and drag-and-drop are switched off: DOM events and their shortcuts (spec 001 §5). */
export function clipboardBlock(onBlocked?: (action: BlockedAction) => void): Extension {
  const block = (action: BlockedAction) => (event: Event) => {
    event.preventDefault();
    onBlocked?.(action);
    return true;
  };
  const swallow = (action: BlockedAction) => () => {
    onBlocked?.(action);
    return true;
  };
  return [
    EditorView.domEventHandlers({ copy: block('copy'), cut: block('cut'), paste: block('paste'), drop: block('drop'), dragstart: block('copy') }),
    Prec.highest(
      keymap.of([
        { key: 'Mod-c', run: swallow('copy') },
        { key: 'Mod-x', run: swallow('cut') },
        { key: 'Mod-v', run: swallow('paste') },
        { key: 'Mod-Insert', run: swallow('copy') },
        { key: 'Shift-Delete', run: swallow('cut') },
        { key: 'Shift-Insert', run: swallow('paste') },
      ]),
    ),
  ];
}

/** The code editor's restrictions; staff accounts are exempt from all of them (spec 001 §5, §6). */
export function editorRestrictions({ isExempt, onBlocked }: { isExempt: boolean; onBlocked?: (action: BlockedAction) => void }): Extension {
  return isExempt ? [] : [pasteGuard(onBlocked), clipboardBlock(onBlocked)];
}
