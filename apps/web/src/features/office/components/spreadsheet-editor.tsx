import type { Sheet } from '@fortune-sheet/core';
import { Workbook } from '@fortune-sheet/react';
import '@fortune-sheet/react/dist/index.css';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../../lib/translation';
import { carryCustomProperties } from '../model/carry-stamp';
import { sheetLangOf } from '../model/sheet-locale';
import { openWorkbook, writeWorkbook } from '../model/sheet-file';

/** Writes the sheets as they are now to an .xlsx file. */
export type SpreadsheetExporter = () => Promise<Blob>;

export interface SpreadsheetEditorProps {
  /** The working copy (or the solution) as downloaded from the server. */
  source: Blob;
  fileName: string;
  isReadOnly: boolean;
  /** The accessible name of the sheet area. */
  label: string;
  /** Id of the text that explains how to use the sheet from the keyboard. */
  describedBy?: string;
  loadingLabel: string;
  /** A change made by the student (not the first load). */
  onEdit?: () => void;
  /** Filled with the exporter once the sheets are open. */
  exporterRef?: RefObject<SpreadsheetExporter | null>;
  onLoadFailed?: (error: unknown) => void;
}

const TOOLBAR = ['undo', 'redo', '|', 'format-painter', 'clear-format', '|', 'currency-format', 'percentage-format', 'number-decrease', 'number-increase', 'format', 'font-size', '|', 'bold', 'italic', 'strike-through', 'underline', '|', 'font-color', 'background', 'border', 'merge-cell', '|', 'horizontal-align', 'vertical-align', 'text-wrap', '|', 'freeze', 'sort', 'filter', 'conditionFormat', 'formula-sum'];

/**
 * The built-in spreadsheet (FortuneSheet, MIT; decision 031): opens the .xlsx the server gave,
 * keeps formulas, and writes an .xlsx on demand (the working copy's stamp carried over). Loaded in
 * its own chunk, only for spreadsheet questions.
 */
export function SpreadsheetEditor({ source, fileName, isReadOnly, label, describedBy, loadingLabel, onEdit, exporterRef, onLoadFailed }: SpreadsheetEditorProps) {
  const { i18n } = useTranslation();
  // FortuneSheet's own toolbar, menus and dialogs in the interface's language.
  const lang = sheetLangOf(i18n.language);
  const [sheets, setSheets] = useState<Sheet[] | null>(null);
  const [version, setVersion] = useState(0);
  // The sheets as last changed: exporting reads them, so a save still works once the editor has gone.
  const latestRef = useRef<Sheet[] | null>(null);
  const onLoadFailedRef = useRef(onLoadFailed);
  onLoadFailedRef.current = onLoadFailed;
  const onEditRef = useRef(onEdit);
  onEditRef.current = onEdit;
  const handleChange = useCallback((data: Sheet[]) => {
    latestRef.current = data;
  }, []);
  const handleOp = useCallback(() => onEditRef.current?.(), []);

  useEffect(() => {
    let isCurrent = true;
    setSheets(null);
    openWorkbook(source, fileName)
      .then((opened) => {
        if (!isCurrent) return;
        latestRef.current = opened;
        setSheets(opened);
        setVersion((value) => value + 1);
      })
      .catch((error: unknown) => isCurrent && onLoadFailedRef.current?.(error));
    return () => {
      isCurrent = false;
    };
  }, [source, fileName]);

  useEffect(() => {
    if (!exporterRef) return;
    exporterRef.current = async () => {
      const written = await writeWorkbook(latestRef.current ?? []);
      return carryCustomProperties(source, written);
    };
    // Not cleared on unmount: leaving the question still saves the last changes through it.
  }, [exporterRef, source]);

  // Built again only when the sheets, the language or the mode change: the workbook resets its selection and
  // drops the cell being edited whenever its settings change, and the page around it re-renders on
  // every save.
  const workbook = useMemo(
    () =>
      sheets && (
        <Workbook
          key={version}
          data={sheets}
          lang={lang}
          allowEdit={!isReadOnly}
          showToolbar={!isReadOnly}
          toolbarItems={TOOLBAR}
          onChange={handleChange}
          onOp={handleOp}
        />
      ),
    [sheets, version, lang, isReadOnly, handleChange, handleOp],
  );

  if (!sheets) return <Skeleton role="progressbar" variant="rounded" height={420} aria-label={loadingLabel} data-testid="spreadsheet-loading" />;

  return (
    <Box
      role="region"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="spreadsheet-editor"
      sx={{
        position: 'relative',
        height: { xs: 420, md: 520 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {workbook}
    </Box>
  );
}
