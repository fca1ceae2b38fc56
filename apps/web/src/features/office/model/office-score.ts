import { officeScoreColour } from '@app/contracts';

/** The RESULT popup's score (spec 001 §2): colour by band, two decimals, full marks at 100. */
export type ScoreColour = ReturnType<typeof officeScoreColour>;

/** Green above 80, orange above 50, otherwise red. */
export const scoreColour = officeScoreColour;

/** MUI palette entry for each band (the dark shades keep the text at 4.5:1 or more on white). */
export const SCORE_PALETTE: Record<ScoreColour, string> = {
  green: 'success.dark',
  orange: 'warning.dark',
  red: 'error.dark',
};

/** "Percentage matched" with two decimals, as the spec shows it (e.g. 66.67). */
export function formatPercentage(percentage: number): string {
  return (Math.round(percentage * 100) / 100).toFixed(2);
}

export function isFullMarks(percentage: number): boolean {
  return percentage >= 100;
}
