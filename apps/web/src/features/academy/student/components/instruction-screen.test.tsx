import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { InstructionScreen } from './instruction-screen';

/** A test of two sections: JEE Advanced multiple-correct questions beside plainly marked ones, then plain ones only. */
const INSTRUCTION = {
  instructionData: '<p>Read carefully.</p>',
  TaskName: 'JEE Advanced mock',
  type: 'test',
  totalDuration: 0,
  totalQuestions: 6,
  totalMarks: 24,
  sections: [
    {
      sectionName: 'Paper 1',
      totalQuestions: 5,
      sectionDuration: 0,
      totalMarks: 20,
      marking: [
        { marks: 4, negativeMarks: 2, questions: 4, scheme: 'jee-advanced' },
        { marks: 4, negativeMarks: 1, questions: 1 },
      ],
    },
    { sectionName: 'Paper 2', totalQuestions: 1, sectionDuration: 0, totalMarks: 4, marking: [{ marks: 4, negativeMarks: 2, questions: 1 }] },
  ],
  IsCameraAllowed: false,
  IsTabAlertAllowed: 1,
  Warnings: 3,
  sectionWiseTimer: false,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: true, message: '', body: INSTRUCTION }), { headers: { 'content-type': 'application/json' } })),
  );
}

describe('InstructionScreen marking scheme', () => {
  it('states JEE Advanced marking apart from questions of the same marks marked plainly', async () => {
    stubServer();
    renderWithProviders(<InstructionScreen type="test" courseId={1} taskId={2} />);
    const scheme = await screen.findByTestId('marking-scheme');
    expect(scheme).toHaveTextContent('+4 only if all the correct options are chosen and no wrong one; +1 for each correct option chosen when no wrong one is; −2 if any wrong option is chosen');
    expect(scheme).toHaveTextContent('+4 for a correct answer, −1 for a wrong answer');
    // Paper 2 has the same marks (+4, −2) without the rule: stated plainly.
    expect(scheme).toHaveTextContent('Paper 2: +4 for a correct answer, −2 for a wrong answer');
  });

  it('states it in Tamil', async () => {
    await i18n.changeLanguage('tn');
    stubServer();
    renderWithProviders(<InstructionScreen type="test" courseId={1} taskId={2} />);
    const scheme = await screen.findByTestId('marking-scheme');
    expect(scheme).toHaveTextContent('தவறான விடை இல்லாதபோது தேர்ந்தெடுத்த ஒவ்வொரு சரியான விடைக்கும் +1');
  });
});
