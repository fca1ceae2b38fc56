import type { QuestionKindContract } from '../question-kinds.types.js';
import { MEDIA_SETTINGS_SCHEMA, SINGLE_CHOICE_ANSWER_SCHEMA, SINGLE_CHOICE_KEY_SCHEMA, checkChoiceContent, checkMedia, isOneKnownOption } from '../families/choice.js';
import { videoTraits } from './video.traits.js';
import { NO_PLAYER_FIELDS } from '../families/player-fields.js';

/** A video with options, one of them correct. */
export const videoKind = {
  traits: videoTraits,
  answerSchema: SINGLE_CHOICE_ANSWER_SCHEMA,
  keySchema: SINGLE_CHOICE_KEY_SCHEMA,
  settingsSchema: MEDIA_SETTINGS_SCHEMA,
  playerSchema: NO_PLAYER_FIELDS,
  checkContent: (content, issues, context) => {
    checkChoiceContent(content, issues, context, isOneKnownOption);
    checkMedia(content, issues);
  },
} satisfies QuestionKindContract;
