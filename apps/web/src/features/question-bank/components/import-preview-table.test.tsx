import type { ImportPreview } from '@app/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportPreviewTable } from './import-preview-table';

const preview: ImportPreview = {
  format: 'csv',
  total: 2,
  valid: 1,
  invalid: 1,
  unknownTopics: ['Optics'],
  topicsToCreate: [],
  items: [
    { index: 1, line: 2, title: 'Unit of force', questionType: 'singleChoice', topics: ['Mechanics'], isValid: true, errors: [], warnings: [] },
    {
      index: 2,
      line: 3,
      title: 'Speed of light',
      questionType: 'singleChoice',
      topics: ['Optics'],
      isValid: false,
      errors: [{ field: 'correctAnswerId', message: 'The correct answer must name one of the options.' }, { field: 'texts.tn.options', message: 'Options differ.' }],
      warnings: [{ field: 'topics', message: 'Topic "Optics" was not found.' }],
    },
  ],
};

describe('ImportPreviewTable', { timeout: 30_000 }, () => {
  it('shows the summary, unknown topics and each question’s errors with its line', () => {
    render(<ImportPreviewTable preview={preview} />);
    expect(screen.getByRole('status')).toHaveTextContent('CSV: 2 questions, 1 valid, 1 with errors.');
    expect(screen.getByRole('status')).toHaveTextContent('nothing is imported while a question has errors');
    expect(screen.getByText(/Topics not found .*: Optics/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Questions of the file' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const bad = rows[2]!;
    expect(within(bad).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(bad).toHaveTextContent('Errors');
    expect(bad).toHaveTextContent('Error in Correct answer: The correct answer must name one of the options.');
    expect(bad).toHaveTextContent('Error in Options (Tamil): Options differ.');
    expect(bad).toHaveTextContent('Warning in Topics: Topic "Optics" was not found.');
    expect(rows[1]).toHaveTextContent('Valid');
  });

  it('reports a clean file as ready', () => {
    render(<ImportPreviewTable preview={{ ...preview, valid: 2, invalid: 0, unknownTopics: [], topicsToCreate: [], items: [preview.items[0]!] }} />);
    expect(screen.getByRole('status')).not.toHaveTextContent('nothing is imported');
    expect(screen.queryByText(/Topics not found/)).not.toBeInTheDocument();
  });
});
