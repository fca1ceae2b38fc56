import type { TaskSettings } from '@app/contracts';
import type { PlayerSettings } from './player-state';

/**
 * The settings of one question shown outside a test by the exam's own question view (the bank's
 * preview, a notebook review): no timer, no shuffle, no camera, every editor allowed.
 */
export function standaloneQuestionSettings(type: 'test' | 'practice'): PlayerSettings {
  return {
    taskID: 0,
    courseID: 0,
    TaskName: '',
    type,
    QuestionDisplayType: 'vertical',
    shuffle: false,
    sectionWiseTimer: false,
    questionSwitch: 1,
    mandatory: false,
    IsSectionNavigationAllowed: true,
    IsEditorAllowed: true,
    IsCameraAllowed: false,
    IsTabAlertAllowed: 1,
    Warnings: 0,
    ScoreVisible: true,
    englishAuthoritative: true,
    partialSubmit: 0,
    totalDuration: 0,
  } satisfies TaskSettings & { totalDuration: number };
}
