import { CODE_EDITOR_HEIGHT, CODE_EDITOR_TAB_SIZE, type ProgrammingLanguage } from '@app/contracts';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { themeById, type EditorVariant } from '../model/editor-themes';
import { languageSupport } from '../model/language-support';
import { editorRestrictions, type BlockedAction } from '../model/paste-guard';

export interface CodeMirrorEditorProps {
  /** The program shown when the editor is created or when `docVersion` changes. */
  value: string;
  /** Change it to replace the program (Reset, a language switch); the undo history starts afresh. */
  docVersion: number;
  language: ProgrammingLanguage;
  /** Enhanced (editing aids) or standard; fixed for the editor's life. */
  variant: EditorVariant;
  themeId: string;
  isReadOnly: boolean;
  /** Staff accounts may paste, copy and cut (spec 001 §5). */
  isRestrictionExempt: boolean;
  label: string;
  onChange: (value: string) => void;
  onBlocked?: (action: BlockedAction) => void;
}

const baseTheme = EditorView.theme({
  '&': { height: `${CODE_EDITOR_HEIGHT}px`, fontSize: '14px' },
  '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
  '&.cm-focused': { outline: '2px solid rgba(25, 118, 210, 0.5)' },
});

/**
 * What the enhanced variant adds to the standard one: bracket matching and closing, folding, the
 * active line, auto-indent on typing. Auto-closed brackets are one character each, well under the
 * paste guard's limit.
 */
function variantExtensions(variant: EditorVariant): Extension {
  if (variant === 'standard') return [];
  return [
    highlightActiveLineGutter(),
    highlightActiveLine(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    foldGutter(),
    keymap.of([...closeBracketsKeymap, ...foldKeymap]),
  ];
}

/**
 * A CodeMirror 6 editor: 300 px high, tab size 2, the question's language, a chosen theme and the
 * paste rules. Language, theme, read-only and restrictions are switched through compartments so
 * the text and its undo history survive those changes.
 */
export function CodeMirrorEditor(props: CodeMirrorEditorProps) {
  const hostRef = useRef<HTMLDivElement | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const compartments = useRef({
    language: new Compartment(),
    theme: new Compartment(),
    readOnly: new Compartment(),
    restrictions: new Compartment(),
    label: new Compartment(),
  }).current;

  const readOnlyExtension = (isReadOnly: boolean): Extension => [EditorState.readOnly.of(isReadOnly), EditorView.editable.of(!isReadOnly)];
  const restrictionExtension = (isExempt: boolean): Extension =>
    editorRestrictions({ isExempt, onBlocked: (action) => propsRef.current.onBlocked?.(action) });
  const labelExtension = (label: string): Extension => EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': 'code-editor-content' });

  const createState = (doc: string): EditorState => {
    const current = propsRef.current;
    return EditorState.create({
      doc,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        variantExtensions(current.variant),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        EditorState.tabSize.of(CODE_EDITOR_TAB_SIZE),
        indentUnit.of(' '.repeat(CODE_EDITOR_TAB_SIZE)),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        baseTheme,
        compartments.language.of(languageSupport(current.language)),
        compartments.theme.of(themeById(current.themeId, current.variant).extension),
        compartments.readOnly.of(readOnlyExtension(current.isReadOnly)),
        compartments.restrictions.of(restrictionExtension(current.isRestrictionExempt)),
        compartments.label.of(labelExtension(current.label)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) propsRef.current.onChange(update.state.doc.toString());
        }),
      ],
    });
  };

  useEffect(() => {
    const view = new EditorView({ state: createState(propsRef.current.value), parent: hostRef.current! });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The view is made once; later prop changes go through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const isFirstVersion = useRef(true);
  useEffect(() => {
    if (isFirstVersion.current) {
      isFirstVersion.current = false;
      return;
    }
    viewRef.current?.setState(createState(propsRef.current.value));
    // Only a new docVersion replaces the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.docVersion]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.language.reconfigure(languageSupport(props.language)) });
  }, [compartments, props.language]);
  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.theme.reconfigure(themeById(props.themeId, props.variant).extension) });
  }, [compartments, props.themeId, props.variant]);
  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.readOnly.reconfigure(readOnlyExtension(props.isReadOnly)) });
  }, [compartments, props.isReadOnly]);
  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.restrictions.reconfigure(restrictionExtension(props.isRestrictionExempt)) });
  }, [compartments, props.isRestrictionExempt]);
  useEffect(() => {
    viewRef.current?.dispatch({ effects: compartments.label.reconfigure(labelExtension(props.label)) });
  }, [compartments, props.label]);

  return <Box ref={hostRef} data-testid="code-editor" data-variant={props.variant} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }} />;
}
