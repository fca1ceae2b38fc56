import { amber, blue, green } from '@mui/material/colors';
import type { QuestionStatus } from '../model/player-state';

/**
 * Palette colours (spec 001 §9): answered green, unanswered blue, marked amber, each with its
 * number at 4.5:1 or more (WCAG 1.4.3): white on the darker green and blue, near-black on amber.
 * NTA's other two states: not visited is white with a grey ring; answered and marked is the marked
 * shape with a green bar (the answer counts).
 */
export const STATUS_COLORS: Record<QuestionStatus, string> = {
  notVisited: '#ffffff',
  notAnswered: blue[800],
  answered: green[800],
  marked: amber[600],
  answeredMarked: amber[600],
};
