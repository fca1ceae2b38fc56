import { assertionReasonOptions, assertionReasonStatement } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { makeQuestion } from '../../test/exam-factories';
import { renderWithProviders } from '../../test/render-with-providers';
import { emptyQuestionForm, type QuestionFormValues } from '../shared/form-values';
import { AssertionReasonFields } from './assertion-reason-fields';
import { AssertionReasonKey } from './assertion-reason-key';
import { assertionReasonKind } from './assertion-reason-kind';

const form: { values: () => QuestionFormValues } = { values: () => emptyQuestionForm('assertionReason') };
function Editor() {
  const methods = useForm<QuestionFormValues>({ defaultValues: { ...emptyQuestionForm('assertionReason'), texts: { ...emptyQuestionForm().texts, tn: { ...emptyQuestionForm().texts.tn, isEnabled: true } } } });
  const { getValues } = methods;
  useEffect(() => {
    form.values = getValues;
  }, [getValues]);
  const props = { control: methods.control, errors: methods.formState.errors, setValue: methods.setValue, getValues, isDisabled: false, questionId: null };
  return (
    <>
      <AssertionReasonFields control={methods.control} language="en" languageName="English" isDisabled={false} />
      <AssertionReasonFields control={methods.control} language="tn" languageName="Tamil" isDisabled={false} />
      <AssertionReasonKey {...props} />
    </>
  );
}

describe('the assertion–reason editor', () => {
  it('writes the typed sentences as each language’s statement and takes the key from the four generated options by keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Editor />);
    const type = (label: RegExp, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
    type(/Assertion \(A\) \(English\)/, 'Enzymes are proteins. ');
    type(/Reason \(R\) \(English\)/, 'They are made of amino acids.');
    type(/கூற்று \(A\) \(Tamil\)|Assertion \(A\) \(Tamil\)/, 'நொதிகள் புரதங்கள்.');
    type(/காரணம் \(R\) \(Tamil\)|Reason \(R\) \(Tamil\)/, 'அவை அமினோ அமிலங்களால் ஆனவை.');
    // The typed text reads back from the statement, trailing space included.
    expect(screen.getByLabelText(/Assertion \(A\) \(English\)/)).toHaveValue('Enzymes are proteins. ');
    expect(form.values().texts.en.data).toBe(assertionReasonStatement('en', { assertion: 'Enzymes are proteins. ', reason: 'They are made of amino acids.' }));
    expect(form.values().texts.tn.data).toBe(assertionReasonStatement('tn', { assertion: 'நொதிகள் புரதங்கள்.', reason: 'அவை அமினோ அமிலங்களால் ஆனவை.' }));
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByText('A உண்மை, ஆனால் R தவறு.')).toBeInTheDocument();
    screen.getByRole('radio', { name: /^1\. Both A and R are true and R is the correct/ }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(form.values().correct).toEqual([3]));
  });

  it('sends the generated options and the key, and names an empty sentence or a missing key', () => {
    const values = { ...emptyQuestionForm('assertionReason'), correct: [2] };
    expect(assertionReasonKind.form.options(values, 'tn')).toEqual(assertionReasonOptions('tn'));
    expect(assertionReasonKind.form.content(values).correctAnswerId).toBe(2);
    expect(assertionReasonKind.form.preview(values, 'en').answer).toEqual(assertionReasonOptions('en'));
    const half = { ...values, correct: [], texts: { ...values.texts, en: { ...values.texts.en, data: assertionReasonStatement('en', { assertion: 'Only A.', reason: '' }) } } };
    expect(assertionReasonKind.form.check(half, ['en'])).toEqual({ 'texts.en.data': 'questionAssertionReasonRequired', correct: 'questionKeyInvalid' });
  });
});

describe('the assertion–reason answer area', () => {
  it('shows the four options as radio buttons and answers one by keyboard', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn();
    const question = { ...makeQuestion(7, { questionType: 'assertionReason', answer: assertionReasonOptions('en') }), isShowHint: false, confirmedSeq: 0 };
    const { AnswerArea } = assertionReasonKind.player;
    renderWithProviders(
      <AnswerArea question={question} settings={{} as never} TestSessionID="s" isLocked={false} onAnswer={onAnswer} onAdvance={() => {}} practiceKey={undefined} slots={{}} />,
    );
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(4);
    await user.tab();
    expect(radios[0]).toHaveFocus();
    await user.keyboard(' ');
    expect(onAnswer).toHaveBeenLastCalledWith(1, null);
    fireEvent.click(screen.getByLabelText(/A is false but R is true/));
    expect(onAnswer).toHaveBeenLastCalledWith(4, null);
  });
});
