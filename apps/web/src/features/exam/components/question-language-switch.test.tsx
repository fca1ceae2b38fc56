import type { Language } from '@app/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeQuestion } from '../../../test/exam-factories';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { PlayerQuestion } from '../model/player-state';
import { QuestionLanguageSwitch } from './question-language-switch';

const FINAL = 'If the English and Tamil versions differ, the English version is final.';

const variant = (language: Language, text: string) => ({
  language,
  questionTitle: text,
  questionData: text,
  answerTitle: null,
  answer: [],
  hint: null,
  instructions: null,
});

const bilingual: PlayerQuestion = {
  ...makeQuestion(1, { languages: [variant('en', 'What is a cell?'), variant('tn', 'செல் என்றால் என்ன?')] }),
  isShowHint: false,
  confirmedSeq: 0,
};

function renderSwitch(language: Language, isEnglishAuthoritative: boolean) {
  renderWithProviders(<QuestionLanguageSwitch question={bilingual} language={language} isEnglishAuthoritative={isEnglishAuthoritative} onChange={vi.fn()} />);
}

describe('QuestionLanguageSwitch', () => {
  it('says the English version is final beside Tamil when the test makes English authoritative', () => {
    renderSwitch('tn', true);
    expect(screen.getByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(FINAL)).toBeInTheDocument();
  });

  it('says nothing of the kind when the test leaves the two versions equal', () => {
    renderSwitch('tn', false);
    expect(screen.getByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(FINAL)).not.toBeInTheDocument();
  });

  it('has no caption while the question is shown in English', () => {
    renderSwitch('en', true);
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(FINAL)).not.toBeInTheDocument();
  });
});
