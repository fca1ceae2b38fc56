import { questionBankRoutes, type ExportQuestionsBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFile } from '../../../lib/api-client';
import { saveBlob } from '../model/save-blob';

const FALLBACK_NAMES = { moodleXml: 'questions.xml', gift: 'questions.txt', csv: 'questions.csv', xlsx: 'questions.xlsx' } as const;

/** Downloads the selection as a file; answers the ids the format could not carry. */
export async function exportQuestions(body: ExportQuestionsBody): Promise<{ skippedIds: number[] }> {
  const file = await callApiFile(questionBankRoutes.exportQuestions, { body });
  saveBlob(file.blob, file.fileName ?? FALLBACK_NAMES[body.format]);
  const skipped = file.headers.get('x-skipped-questions');
  return { skippedIds: skipped ? skipped.split(',').map(Number).filter(Number.isInteger) : [] };
}

export function useExportQuestions() {
  const notify = useNotify();
  return useMutation({ mutationFn: exportQuestions, onError: (error) => notify.apiError(error) });
}

/** The CSV or XLSX template with an example row of each kind. */
export async function downloadTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  const file = await callApiFile(questionBankRoutes.importTemplate, { query: { format } });
  saveBlob(file.blob, file.fileName ?? `questions-template.${format}`);
}
