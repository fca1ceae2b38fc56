import type { AuthoringQuestion } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  authoredContentType,
  blanksForStatement,
  checkQuestionForm,
  emptyQuestionForm,
  fromAuthoring,
  nextOptionId,
  questionFormSchema,
  toCreateBody,
  toUpdateBody,
  type QuestionFormValues,
} from './question-form';

function choice(overrides: Partial<QuestionFormValues> = {}): QuestionFormValues {
  const values = emptyQuestionForm('singleChoice');
  values.texts.en.data = 'Which gas do plants take in?';
  values.options = [
    { answerID: 1, en: 'Oxygen', tn: '' },
    { answerID: 2, en: 'Carbon dioxide', tn: '' },
  ];
  values.correct = [2];
  return { ...values, ...overrides };
}

function blanks(statement: string, answers: string[]): QuestionFormValues {
  const values = emptyQuestionForm('text');
  values.texts.en.data = statement;
  values.blanks = answers.map((value) => ({ value, alternatives: '', tolerance: '' }));
  return values;
}

describe('question editor rules', () => {
  it('accepts a complete single-choice question', () => {
    expect(checkQuestionForm(choice())).toEqual({});
  });

  it('asks for at least one correct option', () => {
    expect(checkQuestionForm(choice({ correct: [] }))).toMatchObject({ correct: 'questionKeyInvalid' });
  });

  it('refuses a correct option that is not among the options', () => {
    expect(checkQuestionForm(choice({ correct: [9] }))).toMatchObject({ correct: 'questionKeyInvalid' });
  });

  it('needs every option filled in each language that is on', () => {
    const values = choice();
    values.texts.tn = { ...values.texts.tn, isEnabled: true, data: 'தாவரங்கள் எந்த வாயுவை எடுத்துக்கொள்கின்றன?' };
    values.options[1]!.tn = 'கார்பன் டை ஆக்சைடு';
    expect(checkQuestionForm(values)).toEqual({ 'options.0.tn': 'questionOptionsInvalid' });
  });

  it('needs two options at least', () => {
    const values = choice({ options: [{ answerID: 1, en: 'Only one', tn: '' }], correct: [1] });
    expect(checkQuestionForm(values)).toMatchObject({ options: 'questionOptionsInvalid' });
  });

  it('matches the blanks to the {0} markers', () => {
    expect(checkQuestionForm(blanks('Water is {0} and salt is {0}.', ['H2O', 'NaCl']))).toEqual({});
    expect(checkQuestionForm(blanks('Water is {0} and salt is {0}.', ['H2O']))).toMatchObject({ blanks: 'questionBlanksMismatch' });
    expect(checkQuestionForm(blanks('No marker here.', []))).toMatchObject({ blanks: 'questionBlanksMismatch' });
  });

  it('needs the same number of blanks in both languages', () => {
    const values = blanks('Water is {0}.', ['H2O']);
    values.texts.tn = { ...values.texts.tn, isEnabled: true, data: 'நீர் {0}, உப்பு {0}.' };
    expect(checkQuestionForm(values)).toMatchObject({ blanks: 'questionBlanksMismatch' });
  });

  it('needs a line limit for a written answer', () => {
    const values = emptyQuestionForm('comprehensive');
    values.texts.en.data = 'Explain osmosis.';
    expect(checkQuestionForm(values)).toMatchObject({ lineNumber: 'questionLineLimitRequired' });
    expect(checkQuestionForm({ ...values, lineNumber: '10' })).toEqual({});
    expect(checkQuestionForm({ ...values, lineNumber: '0' })).toMatchObject({ lineNumber: 'questionLineLimitRequired' });
  });

  it('needs a picture address for an image question', () => {
    expect(checkQuestionForm(choice({ questionType: 'image' }))).toMatchObject({ mediaUrl: 'questionMediaRequired' });
  });

  it('needs a hidden case for a programming question', () => {
    const values = emptyQuestionForm('programming');
    values.texts.en.data = 'Print the sum of two numbers.';
    expect(checkQuestionForm(values)).toMatchObject({ programming: 'questionProgrammingRequired' });
    values.hiddenCases = [{ input: '1 2', output: '3' }];
    expect(checkQuestionForm(values)).toEqual({});
  });

  it('needs the statement in the default language', () => {
    const values = choice();
    values.defaultLanguage = 'tn';
    expect(checkQuestionForm(values)).toMatchObject({ 'texts.tn.data': 'questionTextRequired' });
  });

  it('reports the rules through the form schema on their fields', () => {
    const result = questionFormSchema.safeParse(choice({ correct: [] }));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual(['correct', 'questionKeyInvalid']);
    expect(questionFormSchema.safeParse(choice({ marks: -1 })).success).toBe(false);
  });
});

describe('blanks and options', () => {
  it('resizes the blanks to the statement, keeping typed answers', () => {
    const typed = [{ value: 'H2O', alternatives: 'water', tolerance: '' }];
    expect(blanksForStatement('{0} and {0}', typed)).toEqual([typed[0], { value: '', alternatives: '', tolerance: '' }]);
    expect(blanksForStatement('none', typed)).toEqual([]);
  });

  it('numbers a new option after the largest id', () => {
    expect(nextOptionId([{ answerID: 4, en: '', tn: '' }, { answerID: 2, en: '', tn: '' }])).toBe(5);
    expect(nextOptionId([])).toBe(1);
  });
});

describe('form and calls', () => {
  it('sends a written answer’s model answer and marking rubric', () => {
    const values = emptyQuestionForm('comprehensive');
    values.texts.en.data = 'Explain osmosis.';
    values.lineNumber = '6';
    values.modelAnswer = 'Water moves to the saltier side.';
    values.rubric = '2 marks: membrane; 2 marks: direction';
    expect(toCreateBody(values)).toMatchObject({ lineNumber: 6, correctAnswerData: 'Water moves to the saltier side.', rubric: '2 marks: membrane; 2 marks: direction' });
    expect(toCreateBody({ ...values, questionType: 'singleChoice' }).rubric).toBeNull();
  });

  it('sends blanks with their alternatives and tolerance', () => {
    const values = blanks('g = {0} m/s²', ['9.8']);
    values.blanks[0] = { value: '9.8', alternatives: '9.81 | 10', tolerance: '0.1' };
    expect(toCreateBody(values).correctAnswerData).toEqual([{ value: '9.8', alternatives: ['9.81', '10'], tolerance: 0.1 }]);
  });

  it('removes a language switched off on update and keeps the key of multiple choice as a list', () => {
    const values = choice({ questionType: 'multipleChoice', correct: [1, 2] });
    const body = toUpdateBody(values, 7, 3);
    expect(body).toMatchObject({ questionId: 7, expectedVersion: 3, correctAnswerId: [1, 2], texts: { tn: null } });
    expect(body.texts!.en!.options).toEqual([
      { answerID: 1, answerData: 'Oxygen' },
      { answerID: 2, answerData: 'Carbon dioxide' },
    ]);
  });

  it('reads a saved question back into the same values', () => {
    const values = choice();
    const body = toCreateBody(values);
    const question: AuthoringQuestion = {
      questionId: 5,
      questionType: 'singleChoice',
      difficulty: 'medium',
      owner: { kind: 'institute', instituteId: 1, clientId: 'c' },
      topics: [],
      tags: [],
      currentVersion: 1,
      isEditable: true,
      createdAt: '',
      updatedAt: '',
      versions: [],
      version: {
        version: 1,
        createdAt: '',
        createdByName: null,
        changeNote: null,
        contentType: 'text',
        mediaUrl: null,
        defaultLanguage: 'en',
        marks: 1,
        negativeMarks: 0,
        allowsPartialCredit: false,
        numericTolerance: null,
        lineNumber: null,
        programming: null,
        sampleCases: [],
        startFileUrl: null,
        correctAnswerId: 2,
        correctAnswerData: null,
        solution: null,
        rubric: null,
        hiddenCases: [],
        texts: {
          en: {
            title: '',
            data: body.texts.en!.data,
            answerTitle: null,
            options: body.texts.en!.options!,
            hint: null,
            instructions: null,
            explanation: null,
          },
        },
      },
    };
    expect(fromAuthoring(question)).toEqual(values);
  });
});

describe('authoredContentType', () => {
  it('saves text written in the rich-text editor as HTML, and keeps the other content types', () => {
    expect(authoredContentType('text')).toBe('html');
    expect(authoredContentType('html')).toBe('html');
    expect(authoredContentType('image')).toBe('image');
    expect(authoredContentType('video')).toBe('video');
  });
});

describe('a numerical value in the editor', () => {
  function numerical(key: Partial<QuestionFormValues['numerical']>): QuestionFormValues {
    const values = emptyQuestionForm('numerical');
    values.texts.en.data = 'How far, in km?';
    values.numerical = { ...values.numerical, ...key };
    return values;
  }

  it('sends a value with its tolerance and unit, or a range, and reads it back', () => {
    const withTolerance = numerical({ value: '3.14', tolerance: '0.01', unit: 'km' });
    expect(checkQuestionForm(withTolerance)).toEqual({});
    expect(toCreateBody(withTolerance).correctAnswerData).toEqual({ value: 3.14, tolerance: 0.01, unit: 'km' });
    const range = numerical({ mode: 'range', min: '1', max: '2' });
    expect(toCreateBody(range).correctAnswerData).toEqual({ min: 1, max: 2 });
    const version = { ...toCreateBody(range), correctAnswerData: { min: 1, max: 2, unit: 'km' } };
    const question = { questionType: 'numerical', topics: [], tags: [], difficulty: 'medium', version: { ...version, texts: { en: { title: '', data: 'How far?', answerTitle: null, options: [], hint: null, instructions: null, explanation: null } } } };
    expect(fromAuthoring(question as unknown as AuthoringQuestion).numerical).toMatchObject({ mode: 'range', min: '1', max: '2', unit: 'km' });
  });

  it('names the field that is missing or out of order', () => {
    expect(checkQuestionForm(numerical({ value: '' }))).toMatchObject({ 'numerical.value': 'questionNumericalKeyInvalid' });
    expect(checkQuestionForm(numerical({ value: '2', tolerance: '-1' }))).toMatchObject({ 'numerical.tolerance': 'questionNumericalKeyInvalid' });
    expect(checkQuestionForm(numerical({ mode: 'range', min: '3', max: '2' }))).toMatchObject({ 'numerical.max': 'questionNumericalRangeInvalid' });
  });
});

describe('an ordering question in the editor', () => {
  function ordering(items: [string, string][]): QuestionFormValues {
    const values = emptyQuestionForm('ordering');
    values.texts.en.data = 'Put the stages of mitosis in order.';
    values.texts.tn = { ...values.texts.tn, isEnabled: true, data: 'இழையுருப்பிரிவின் நிலைகளை வரிசைப்படுத்துக.' };
    values.options = items.map(([en, tn], i) => ({ answerID: [4, 2, 7, 1][i]!, en, tn }));
    return values;
  }
  const mitosis = ordering([
    ['Prophase', 'முன்நிலை'],
    ['Metaphase', 'இடைநிலை'],
    ['Anaphase', 'பின்நிலை'],
  ]);

  it('sends the items with the key as their ids top to bottom, and reads a saved version back in the key’s order', () => {
    expect(checkQuestionForm(mitosis)).toEqual({});
    const body = toCreateBody(mitosis);
    expect(body.correctAnswerData).toEqual({ order: [4, 2, 7] });
    expect(body.texts.tn?.options).toEqual([
      { answerID: 4, answerData: 'முன்நிலை' },
      { answerID: 2, answerData: 'இடைநிலை' },
      { answerID: 7, answerData: 'பின்நிலை' },
    ]);
    // Stored in another order: the editor lists them as the key says.
    const version = { ...body, correctAnswerData: { order: [4, 2, 7] }, defaultLanguage: 'en', texts: { en: { ...body.texts.en, options: [...body.texts.en!.options!].reverse() }, tn: body.texts.tn } };
    const saved = fromAuthoring({ questionType: 'ordering', topics: [], tags: [], difficulty: 'medium', version } as unknown as AuthoringQuestion);
    expect(saved.options.map((o) => [o.answerID, o.en, o.tn])).toEqual([
      [4, 'Prophase', 'முன்நிலை'],
      [2, 'Metaphase', 'இடைநிலை'],
      [7, 'Anaphase', 'பின்நிலை'],
    ]);
  });

  it('names too few items, an empty one and two alike', () => {
    expect(checkQuestionForm(ordering([['a', 'அ'], ['b', 'ஆ']]))).toMatchObject({ options: 'questionOrderingItemsCount' });
    expect(checkQuestionForm(ordering([['a', 'அ'], ['', 'ஆ'], ['c', 'இ']]))).toMatchObject({ 'options.1.en': 'questionOrderingItemsCount' });
    expect(checkQuestionForm(ordering([['a', 'அ'], ['b', 'அ'], ['c', 'இ']]))).toMatchObject({ 'options.1.tn': 'questionOrderingItemsDuplicate' });
  });
});
