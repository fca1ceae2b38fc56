import type { PracticeAnswer } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { makeQuestion, makeSection, makeSession } from '../../../test/exam-factories';
import {
  answer,
  applyCompactState,
  compactState,
  mergeServerAnswers,
  applyAck,
  applyPending,
  applyReveal,
  clearAnswer,
  confirmSectionEnd,
  continueAfterSectionTimeout,
  createPlayerState,
  languagesOf,
  questionInLanguage,
  setQuestionLanguage,
  elapsedSeconds,
  endInactive,
  goToQuestion,
  isReusableState,
  markSectionWarned,
  next,
  previous,
  refreshTimes,
  remainingSeconds,
  sectionRemainingSeconds,
  shuffled,
  startInactive,
  switchSection,
  tick,
  timerEvents,
  toggleHint,
  toggleMark,
} from './player-machine';
import { activeQuestionOf, createStateSerializer, isAnswered, isConfirmed, sectionSummary, unconfirmedCount, type PlayerState } from './player-state';

const T0 = 1_700_000_000_000;

function at(state: PlayerState) {
  return [state.activeSection, state.activeQuestion];
}

describe('practice load', () => {
  it('activates the first section and question with the server times', () => {
    const state = createPlayerState(makeSession(), T0);
    expect(at(state)).toEqual([0, 0]);
    expect(remainingSeconds(state, T0)).toBe(3600);
    expect(activeQuestionOf(state).isShowHint).toBe(false);
    expect(activeQuestionOf(state).isMarked).toBe(false);
    expect(activeQuestionOf(state).timeSpent).toBe(0);
  });

  it('keeps the test’s englishAuthoritative setting for the language switch', () => {
    expect(createPlayerState(makeSession(), T0).settings.englishAuthoritative).toBe(true);
    expect(createPlayerState(makeSession({ englishAuthoritative: false }), T0).settings.englishAuthoritative).toBe(false);
  });

  it('starts at the section the server flags active', () => {
    const session = makeSession({
      section: [makeSection(0, [1], { isActiveSection: false, isSectionCompleted: true }), makeSection(1, [2], { isActiveSection: true })],
    });
    expect(createPlayerState(session, T0).activeSection).toBe(1);
  });

  it('shuffles within each section the same way for the same attempt', () => {
    const session = makeSession({ shuffle: true, section: [makeSection(0, [1, 2, 3, 4, 5, 6, 7, 8])] });
    const a = createPlayerState(session, T0).sections[0]!.questions.map((q) => q.questionID);
    const b = createPlayerState(session, T0 + 5000).sections[0]!.questions.map((q) => q.questionID);
    expect(a).toEqual(b);
    expect([...a].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(a).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(shuffled([1, 2, 3, 4, 5, 6, 7, 8], 'other')).not.toEqual(a);
  });

  it('keeps the answers the server already holds as confirmed', () => {
    const session = makeSession({ section: [makeSection(0, [1])] });
    session.section[0]!.question[0] = makeQuestion(1, { answerID: 12, seq: 4, isMarked: true });
    const question = activeQuestionOf(createPlayerState(session, T0));
    expect(question.answerID).toBe(12);
    expect(isConfirmed(question)).toBe(true);
    expect(question.isMarked).toBe(true);
  });
});

describe('graded navigation', () => {
  it('Next moves on and Previous goes back', () => {
    let state = createPlayerState(makeSession(), T0);
    state = next(state, T0).state;
    expect(at(state)).toEqual([0, 1]);
    state = previous(state).state;
    expect(at(state)).toEqual([0, 0]);
  });

  it('says "This is the first question" at the start', () => {
    const result = previous(createPlayerState(makeSession(), T0));
    expect(result.outcome).toEqual({ kind: 'message', key: 'firstQuestion' });
  });

  it('Previous does nothing unless questionSwitch is 1', () => {
    let state = createPlayerState(makeSession({ questionSwitch: 0 }), T0);
    state = next(state, T0).state;
    const result = previous(state);
    expect(result.outcome.kind).toBe('none');
    expect(at(result.state)).toEqual([0, 1]);
    expect(goToQuestion(state, 0).outcome.kind).toBe('none');
  });

  it('asks before finishing a section when section navigation is closed, then opens the next', () => {
    let state = createPlayerState(makeSession(), T0);
    state = next(next(state, T0).state, T0).state;
    const result = next(state, T0);
    expect(result.outcome).toEqual({ kind: 'confirmSectionEnd', autoConfirm: true });
    expect(at(result.state)).toEqual([0, 2]);
    const confirmed = confirmSectionEnd(result.state, T0);
    expect(at(confirmed.state)).toEqual([1, 0]);
    expect(confirmed.state.sections[0]!.isSectionCompleted).toBe(true);
    // Back across the finished section is not possible.
    expect(previous(confirmed.state).outcome).toEqual({ kind: 'message', key: 'firstQuestion' });
  });

  it('crosses sections freely when section navigation is allowed', () => {
    let state = createPlayerState(makeSession({ IsSectionNavigationAllowed: true }), T0);
    state = next(next(state, T0).state, T0).state;
    state = next(state, T0).state;
    expect(at(state)).toEqual([1, 0]);
    expect(state.sections[0]!.isSectionCompleted).toBe(false);
    state = previous(state).state;
    expect(at(state)).toEqual([0, 2]);
  });

  it('does not cross back when sections are timed, even if navigation is allowed', () => {
    const session = makeSession({
      IsSectionNavigationAllowed: true,
      sectionWiseTimer: true,
      section: [
        makeSection(0, [1], { sectionWiseTimer: true, sectionDuration: 600, sectionTimeRemaining: 600 }),
        makeSection(1, [2], { sectionWiseTimer: true, sectionDuration: 600 }),
      ],
    });
    let state = next(createPlayerState(session, T0), T0).state;
    expect(at(state)).toEqual([1, 0]);
    expect(previous(state).outcome).toEqual({ kind: 'message', key: 'firstQuestion' });
    expect(sectionRemainingSeconds(state.sections[1]!, T0)).toBe(600);
    state = switchSection(state, 0, T0).state;
    expect(state.activeSection).toBe(0);
  });

  it('a timed section asks before finishing early and never auto-confirms', () => {
    const session = makeSession({
      sectionWiseTimer: true,
      section: [
        makeSection(0, [1], { sectionWiseTimer: true, sectionDuration: 600, sectionTimeRemaining: 600 }),
        makeSection(1, [2], { sectionWiseTimer: true, sectionDuration: 300 }),
      ],
    });
    const result = next(createPlayerState(session, T0), T0);
    expect(result.outcome).toEqual({ kind: 'confirmSectionEnd', autoConfirm: false });
    const moved = confirmSectionEnd(result.state, T0 + 1000).state;
    expect(moved.activeSection).toBe(1);
    expect(sectionRemainingSeconds(moved.sections[1]!, T0 + 1000)).toBe(300);
    expect(sectionRemainingSeconds(moved.sections[0]!, T0 + 1000)).toBe(0);
  });

  it('says "This is the Last question" on the last question of the last section', () => {
    let state = createPlayerState(makeSession({ section: [makeSection(0, [1, 2])] }), T0);
    state = next(state, T0).state;
    expect(next(state, T0).outcome).toEqual({ kind: 'message', key: 'lastQuestion' });
  });

  it('requires an answer to move on when mandatory', () => {
    const state = createPlayerState(makeSession({ mandatory: true }), T0);
    expect(next(state, T0).outcome).toEqual({ kind: 'message', key: 'provideAnswer' });
    expect(goToQuestion(state, 2).outcome).toEqual({ kind: 'message', key: 'provideAnswer' });
    const answered = answer(state, 11, null).state;
    expect(at(next(answered, T0).state)).toEqual([0, 1]);
  });

  it('palette jumps within the section', () => {
    const state = goToQuestion(createPlayerState(makeSession(), T0), 2).state;
    expect(at(state)).toEqual([0, 2]);
  });

  it('tabs switch only when allowed and never to a completed section', () => {
    const closed = createPlayerState(makeSession(), T0);
    expect(switchSection(closed, 1, T0).outcome.kind).toBe('none');
    const open = createPlayerState(makeSession({ IsSectionNavigationAllowed: true }), T0);
    expect(switchSection(open, 1, T0).state.activeSection).toBe(1);
    const done = { ...open, sections: open.sections.map((s, i) => (i === 1 ? { ...s, isSectionCompleted: true } : s)) };
    expect(switchSection(done, 1, T0).outcome.kind).toBe('none');
  });
});

describe('practice mode', () => {
  const practice = () => createPlayerState(makeSession({ type: 'practice', section: [makeSection(0, [1, 2]), makeSection(1, [3])] }), T0);
  const key = (id: number): PracticeAnswer => ({
    questionTaskMapID: 1000 + id,
    questionID: id,
    questionType: 'singleChoice',
    correctAnswerID: id * 10 + 1,
    correctAnswerData: null,
    explanation: 'Because.',
    solution: null,
    isCorrect: null,
    marksAwarded: null,
  });

  it('the first Next reveals, the next moves on, and a section end leads to the next section', () => {
    let state = practice();
    expect(next(state, T0).outcome).toEqual({ kind: 'reveal', mapId: 1001 });
    state = applyReveal(state, key(1));
    expect(activeQuestionOf(state).isShowAnswer).toBe(true);
    expect(state.revealed[1001]?.correctAnswerID).toBe(11);
    state = next(state, T0).state;
    expect(at(state)).toEqual([0, 1]);
    state = applyReveal(state, key(2));
    state = next(state, T0).state;
    expect(at(state)).toEqual([1, 0]);
  });

  it('a revealed answer is locked', () => {
    const state = applyReveal(answer(practice(), 11, null).state, key(1));
    const change = answer(state, 12, null);
    expect(change.item).toBeNull();
    expect(activeQuestionOf(change.state).answerID).toBe(11);
  });

  it('hint toggles', () => {
    const state = toggleHint(practice());
    expect(activeQuestionOf(state).isShowHint).toBe(true);
    expect(activeQuestionOf(toggleHint(state)).isShowHint).toBe(false);
  });

  it('has a stopwatch of the time spent on questions, not of the time away, and no countdown events', () => {
    let state = practice();
    for (let second = 0; second < 65; second += 1) state = tick(state);
    expect(elapsedSeconds(state)).toBe(65);
    // Resumed elsewhere an hour later: the saved time per question counts, the hour does not.
    const resumed = createPlayerState(makeSession({ type: 'practice', timeSpent: 3_600, section: [makeSection(0, [1, 2], { isActiveSection: true, question: [makeQuestion(1, { timeSpent: 40 }), makeQuestion(2, { timeSpent: 25 })] })] }), T0);
    expect(elapsedSeconds(resumed)).toBe(65);
    expect(timerEvents(state, T0 + 10_000_000)).toEqual([]);
  });
});

describe('answers and time accounting', () => {
  it('adds the question timer to the question on answering and on leaving, then resets it', () => {
    let state = createPlayerState(makeSession(), T0);
    state = tick(tick(tick(state)));
    const change = answer(state, 12, null);
    expect(change.item).toMatchObject({ questionTaskMapID: 1001, answerID: 12, timeSpent: 3, seq: 1 });
    state = tick(tick(change.state));
    expect(state.questionTimer).toBe(2);
    state = next(state, T0).state;
    expect(state.questionTimer).toBe(0);
    expect(state.sections[0]!.questions[0]!.timeSpent).toBe(5);
  });

  it('each change gets the next sequence number; clear and mark are changes too', () => {
    let state = createPlayerState(makeSession(), T0);
    const first = answer(state, 11, null);
    const second = answer(first.state, 12, null);
    const cleared = clearAnswer(second.state);
    const marked = toggleMark(cleared.state);
    expect([first.item!.seq, second.item!.seq, cleared.item!.seq, marked.item!.seq]).toEqual([1, 2, 3, 4]);
    expect(cleared.item!.answerID).toBeNull();
    state = marked.state;
    expect(isAnswered(activeQuestionOf(state))).toBe(false);
    expect(activeQuestionOf(state).isMarked).toBe(true);
    // NTA's states, each question in one: the marked one, and two never shown.
    expect(sectionSummary(state.sections[0]!)).toEqual({ total: 3, answered: 0, notAnswered: 0, notVisited: 2, marked: 1, answeredMarked: 0 });
  });

  it('counts a question as visited once it is shown, answered or not, and keeps it through a stored state', () => {
    let state = createPlayerState(makeSession(), T0);
    expect(state.sections[0]!.questions.map((q) => q.isVisited)).toEqual([true, false, false]);
    state = next(state, T0).state;
    state = previous(state).state;
    expect(sectionSummary(state.sections[0]!, state.activeQuestion)).toMatchObject({ notAnswered: 2, notVisited: 1 });
    const marked = toggleMark(answer(state, 11, null).state).state;
    expect(sectionSummary(marked.sections[0]!, marked.activeQuestion)).toMatchObject({ answeredMarked: 1, notAnswered: 1, notVisited: 1 });
    // A state kept before visits were recorded: time spent, an answer or a mark count as seen.
    const old = { ...marked.sections[0]!, questions: marked.sections[0]!.questions.map(({ isVisited: _dropped, ...q }) => q) };
    expect(sectionSummary(old)).toMatchObject({ answeredMarked: 1, notVisited: 2 });
  });

  it('an acknowledgement confirms only that version or older', () => {
    let state = answer(createPlayerState(makeSession(), T0), 11, null).state;
    state = answer(state, 12, null).state;
    expect(unconfirmedCount(state)).toBe(1);
    state = applyAck(state, 1001, 1);
    expect(isConfirmed(activeQuestionOf(state))).toBe(false);
    state = applyAck(state, 1001, 2);
    expect(isConfirmed(activeQuestionOf(state))).toBe(true);
    expect(unconfirmedCount(state)).toBe(0);
    // A late, older acknowledgement changes nothing.
    expect(applyAck(state, 1001, 1)).toBe(state);
  });

  it('puts queued answers newer than the stored state back on it', () => {
    const state = createPlayerState(makeSession(), T0);
    const restored = applyPending(state, [{ questionTaskMapID: 1002, questionType: 'singleChoice', answerID: 22, answerData: null, timeSpent: 9, seq: 3 }]);
    const question = restored.sections[0]!.questions[1]!;
    expect(question.answerID).toBe(22);
    expect(question.seq).toBe(3);
    expect(isConfirmed(question)).toBe(false);
    // The next change continues after the queued seq.
    const moved = goToQuestion(restored, 1).state;
    expect(answer(moved, 21, null).item!.seq).toBe(4);
  });
});

describe('timers follow the server', () => {
  const timed = () =>
    makeSession({
      sectionWiseTimer: true,
      RemainingTime: 1000,
      section: [
        makeSection(0, [1, 2], { sectionWiseTimer: true, sectionDuration: 300, sectionTimeRemaining: 120 }),
        makeSection(1, [3], { sectionWiseTimer: true, sectionDuration: 300 }),
      ],
    });

  it('warns once when a section has a minute left', () => {
    let state = createPlayerState(timed(), T0);
    expect(timerEvents(state, T0 + 59_000)).toEqual([]);
    expect(timerEvents(state, T0 + 61_000)).toEqual([{ kind: 'sectionWarning', sectionIndex: 0, secondsLeft: 59 }]);
    state = markSectionWarned(state, 0);
    expect(timerEvents(state, T0 + 61_000)).toEqual([]);
  });

  it('times a section out and continues to the next with the old one at 0 and completed', () => {
    const state = createPlayerState(timed(), T0);
    expect(timerEvents(state, T0 + 120_000)).toEqual([{ kind: 'sectionTimeout', sectionIndex: 0 }]);
    const result = continueAfterSectionTimeout(state, 0, T0 + 130_000);
    expect(at(result.state)).toEqual([1, 0]);
    expect(result.state.sections[0]!.isSectionCompleted).toBe(true);
    expect(sectionRemainingSeconds(result.state.sections[0]!, T0 + 130_000)).toBe(0);
    expect(sectionRemainingSeconds(result.state.sections[1]!, T0 + 130_000)).toBe(300);
  });

  it('the last section timing out submits', () => {
    const session = makeSession({ sectionWiseTimer: true, section: [makeSection(0, [1], { sectionWiseTimer: true, sectionDuration: 60, sectionTimeRemaining: 60 })] });
    const state = createPlayerState(session, T0);
    expect(continueAfterSectionTimeout(state, 0, T0 + 60_000).outcome).toEqual({ kind: 'submit' });
  });

  it('reaching zero calls for the submit', () => {
    const state = createPlayerState(timed(), T0);
    expect(timerEvents(state, T0 + 1_000_000)).toEqual([{ kind: 'timeUp' }]);
  });

  it('reuses a stored state with the server times, not the stored ones', () => {
    const stored = next(createPlayerState(timed(), T0), T0).state;
    expect(isReusableState(JSON.parse(JSON.stringify(stored)), 'attempt-1')).toBe(true);
    expect(isReusableState(stored, 'attempt-2')).toBe(false);
    expect(isReusableState({ version: 0 }, 'attempt-1')).toBe(false);
    // The browser comes back 10 minutes later with its clock 10 minutes ahead: only the server's
    // numbers count.
    const later = T0 + 20 * 60_000;
    const refreshed = refreshTimes(
      stored,
      {
        RemainingTime: 400,
        Section: [
          { sectionIndex: 0, sectionName: 'Section 1', RemainingTime: 30, active: true, isSectionCompleted: false },
          { sectionIndex: 1, sectionName: 'Section 2', RemainingTime: 300, active: false, isSectionCompleted: false },
        ],
      },
      later,
    );
    expect(remainingSeconds(refreshed, later)).toBe(400);
    expect(sectionRemainingSeconds(refreshed.sections[0]!, later)).toBe(30);
    expect(at(refreshed)).toEqual([0, 1]);
  });

  it('moves to the server-flagged section when the stored one was completed meanwhile', () => {
    const stored = createPlayerState(timed(), T0);
    const refreshed = refreshTimes(
      stored,
      {
        RemainingTime: 400,
        Section: [
          { sectionIndex: 0, sectionName: 'Section 1', RemainingTime: 0, active: false, isSectionCompleted: true },
          { sectionIndex: 1, sectionName: 'Section 2', RemainingTime: 200, active: true, isSectionCompleted: false },
        ],
      },
      T0,
    );
    expect(at(refreshed)).toEqual([1, 0]);
    expect(sectionRemainingSeconds(refreshed.sections[1]!, T0)).toBe(200);
  });
});

describe('away periods', () => {
  it('records start and end pairs and counts them', () => {
    let state = createPlayerState(makeSession(), T0);
    state = startInactive(state, T0 + 1000);
    state = startInactive(state, T0 + 1500);
    state = endInactive(state, T0 + 4000);
    state = startInactive(state, T0 + 9000);
    expect(state.inActive).toEqual([
      { start: T0 + 1000, end: T0 + 4000 },
      { start: T0 + 9000, end: null },
    ]);
    expect(state.tabChangeWarnings).toBe(2);
  });
});

describe('resume from the server', () => {
  it('takes newer server answers and keeps newer local ones waiting', () => {
    const session = makeSession({ section: [makeSection(0, [1, 2])] });
    let state = createPlayerState(session, T0);
    state = answer(state, 11, null).state; // local seq 1 on question 1, unconfirmed
    const server = makeSession({ section: [makeSection(0, [1, 2])] });
    server.section[0]!.question[1] = makeQuestion(2, { answerID: 22, seq: 5 });
    const merged = mergeServerAnswers(state, server);
    expect(merged.sections[0]!.questions[0]!.answerID).toBe(11);
    expect(isConfirmed(merged.sections[0]!.questions[0]!)).toBe(false);
    expect(merged.sections[0]!.questions[1]!.answerID).toBe(22);
    expect(isConfirmed(merged.sections[0]!.questions[1]!)).toBe(true);
  });

  it('restores order and place from the compact state the server keeps', () => {
    const session = makeSession({ shuffle: true, section: [makeSection(0, [1, 2, 3, 4, 5])] });
    const original = goToQuestion(createPlayerState(session, T0), 3).state;
    const fresh = createPlayerState({ ...session, TestSessionID: 'attempt-1' }, T0);
    const reversed = { ...compactState(original), order: [compactState(original).order[0]!.slice().reverse()] };
    const restored = applyCompactState(fresh, JSON.parse(JSON.stringify(reversed)));
    expect(restored.sections[0]!.questions.map((q) => q.questionTaskMapID)).toEqual(reversed.order[0]);
    expect(restored.activeQuestion).toBe(3);
    expect(applyCompactState(fresh, { version: 1, TestSessionID: 'other', order: [] })).toBe(fresh);
  });
});

describe('state serializer (browser storage)', () => {
  it('writes what JSON.stringify writes, and follows changes of the sections and of the rest', () => {
    const serialize = createStateSerializer();
    const state = createPlayerState(makeSession(), T0);
    const parsed = (text: string) => JSON.parse(text) as unknown;
    expect(parsed(serialize(state))).toEqual(parsed(JSON.stringify(state)));

    const ticked = tick(tick(state));
    expect(ticked.sections).toBe(state.sections);
    expect(parsed(serialize(ticked))).toEqual(parsed(JSON.stringify(ticked)));

    const answered = answer(ticked, activeQuestionOf(ticked).answer[1]!.answerID, null).state;
    expect(answered.sections).not.toBe(ticked.sections);
    const stored = parsed(serialize(answered)) as PlayerState;
    expect(stored).toEqual(parsed(JSON.stringify(answered)));
    expect(activeQuestionOf(stored).answerID).toBe(activeQuestionOf(answered).answerID);
    expect(isReusableState(stored, answered.TestSessionID)).toBe(true);
  });
});

describe('the per-question language switch', () => {
  const bilingual = makeQuestion(1, {
    language: 'en',
    questionData: 'What is the SI unit of force?',
    answer: [
      { answerID: 11, answerData: 'Newton' },
      { answerID: 12, answerData: 'Joule' },
    ],
    languages: [
      { language: 'en', questionTitle: 'Force', questionData: 'What is the SI unit of force?', answerTitle: null, answer: [{ answerID: 11, answerData: 'Newton' }, { answerID: 12, answerData: 'Joule' }], hint: null, instructions: null },
      { language: 'tn', questionTitle: 'விசை', questionData: 'விசையின் SI அலகு எது?', answerTitle: null, answer: [{ answerID: 11, answerData: 'நியூட்டன்' }, { answerID: 12, answerData: 'ஜூல்' }], hint: null, instructions: null },
    ],
  });

  it('shows the question in the chosen language with the same option ids, and as sent when it lacks that language', () => {
    const state = createPlayerState(makeSession({ section: [makeSection(0, [1], { isActiveSection: true, question: [bilingual, makeQuestion(2)] })] }), T0);
    const [first, second] = state.sections[0]!.questions;
    const tamil = questionInLanguage(first!, 'tn');
    expect(tamil.questionData).toBe('விசையின் SI அலகு எது?');
    expect(tamil.answer).toEqual([{ answerID: 11, answerData: 'நியூட்டன்' }, { answerID: 12, answerData: 'ஜூல்' }]);
    expect(tamil.language).toBe('tn');
    expect(questionInLanguage(first!, 'en')).toBe(first);
    expect(languagesOf(first!)).toEqual(['en', 'tn']);
    // An English-only question stays as it is, and offers no switch.
    expect(questionInLanguage(second!, 'tn')).toBe(second);
    expect(languagesOf(second!)).toEqual(['en']);
  });

  it('remembers the choice for the attempt, also through the compact state another device resumes from', () => {
    const session = makeSession({ section: [makeSection(0, [1], { isActiveSection: true, question: [bilingual] })] });
    const chosen = setQuestionLanguage(createPlayerState(session, T0), 'tn');
    expect(chosen.questionLanguage).toBe('tn');
    const elsewhere = applyCompactState(createPlayerState(session, T0), JSON.parse(JSON.stringify(compactState(chosen))));
    expect(elsewhere.questionLanguage).toBe('tn');
    expect(createPlayerState(session, T0).questionLanguage).toBeUndefined();
  });
});
