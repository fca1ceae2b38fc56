import { EditorSelection, EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it, vi } from 'vitest';
import { editorRestrictions, programmaticChange } from './paste-guard';
import { isStaffEmail } from './staff';

const sixteen = 'print(a + b)#123';
const fifteen = 'print(a + b)#12';

function stateWith(isExempt: boolean, doc = '', onBlocked?: () => void) {
  return EditorState.create({ doc, extensions: editorRestrictions({ isExempt, onBlocked }) });
}

describe('paste guard (transaction filter)', () => {
  it('rejects a single change inserting 16 characters', () => {
    expect(sixteen).toHaveLength(16);
    const state = stateWith(false, 'x');
    const next = state.update({ changes: { from: 1, insert: sixteen }, userEvent: 'input.paste' }).state;
    expect(next.doc.toString()).toBe('x');
  });

  it('accepts a change of exactly 15 characters', () => {
    expect(fifteen).toHaveLength(15);
    const next = stateWith(false).update({ changes: { from: 0, insert: fifteen }, userEvent: 'input.type' }).state;
    expect(next.doc.toString()).toBe(fifteen);
  });

  it('counts every change of one transaction together (a paste at several cursors)', () => {
    const state = stateWith(false, 'ab');
    const next = state.update({ changes: [{ from: 0, insert: 'abcdefgh' }, { from: 2, insert: 'ijklmnop' }] }).state;
    expect(next.doc.toString()).toBe('ab');
  });

  it('lets staff accounts insert any amount', () => {
    const next = stateWith(true).update({ changes: { from: 0, insert: sixteen.repeat(10) }, userEvent: 'input.paste' }).state;
    expect(next.doc.toString()).toBe(sixteen.repeat(10));
  });

  it('lets Reset and a language switch replace the program', () => {
    const stub = '#include <stdio.h>\nint main(void) {\n  return 0;\n}\n';
    const state = stateWith(false, 'typed');
    const next = state.update({ changes: { from: 0, to: 5, insert: stub }, annotations: programmaticChange.of(true) }).state;
    expect(next.doc.toString()).toBe(stub);
  });

  it('lets Enter add a line break with a deep indentation', () => {
    const indent = '\n' + ' '.repeat(20);
    const next = stateWith(false, 'x').update({ changes: { from: 1, insert: indent }, userEvent: 'input' }).state;
    expect(next.doc.toString()).toBe('x' + indent);
  });

  it('lets undo put back a long deletion', () => {
    const next = stateWith(false).update({ changes: { from: 0, insert: sixteen }, annotations: Transaction.userEvent.of('undo') }).state;
    expect(next.doc.toString()).toBe(sixteen);
  });

  it('reports the blocked paste after the dispatch', async () => {
    const onBlocked = vi.fn();
    stateWith(false, '', onBlocked).update({ changes: { from: 0, insert: sixteen } });
    expect(onBlocked).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(onBlocked).toHaveBeenCalledWith('paste');
  });
});

describe('clipboard block', () => {
  function mount(isExempt: boolean, onBlocked = vi.fn()) {
    const parent = document.createElement('div');
    document.body.append(parent);
    const view = new EditorView({
      state: EditorState.create({ doc: 'a = 1', selection: EditorSelection.single(0, 5), extensions: editorRestrictions({ isExempt, onBlocked }) }),
      parent,
    });
    return { view, onBlocked };
  }

  function fire(view: EditorView, type: 'copy' | 'cut' | 'paste') {
    const event = new Event(type, { bubbles: true, cancelable: true });
    view.contentDOM.dispatchEvent(event);
    return event;
  }

  it('cancels copy, cut and paste events for students', () => {
    const { view, onBlocked } = mount(false);
    for (const type of ['copy', 'cut', 'paste'] as const) expect(fire(view, type).defaultPrevented).toBe(true);
    expect(onBlocked.mock.calls.map((call) => call[0])).toEqual(['copy', 'cut', 'paste']);
    expect(view.state.doc.toString()).toBe('a = 1');
    view.destroy();
  });

  it('swallows the clipboard shortcuts for students', () => {
    const { view, onBlocked } = mount(false);
    const event = new KeyboardEvent('keydown', { key: 'v', ctrlKey: true, bubbles: true, cancelable: true });
    view.contentDOM.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(onBlocked).toHaveBeenCalledWith('paste');
    view.destroy();
  });

  it('leaves the clipboard alone for staff', () => {
    const { view, onBlocked } = mount(true);
    const event = new KeyboardEvent('keydown', { key: 'v', ctrlKey: true, bubbles: true, cancelable: true });
    view.contentDOM.dispatchEvent(event);
    expect(onBlocked).not.toHaveBeenCalled();
    view.destroy();
  });
});

describe('isStaffEmail', () => {
  it('matches the configured domain without regard to case', () => {
    expect(isStaffEmail('Teacher@NeetPrep.edu', 'neetprep.edu')).toBe(true);
    expect(isStaffEmail('teacher@neetprep.edu', '@neetprep.edu')).toBe(true);
  });

  it('does not match look-alike domains or missing e-mails', () => {
    expect(isStaffEmail('student@mail.neetprep.edu.example', 'neetprep.edu')).toBe(false);
    expect(isStaffEmail('student@notneetprep.edu', 'neetprep.edu')).toBe(false);
    expect(isStaffEmail(null, 'neetprep.edu')).toBe(false);
    expect(isStaffEmail('teacher@neetprep.edu', '')).toBe(false);
  });
});
