import type { CalibratedItem, ItemCalibrationState } from '@app/contracts';

/** The table's filters: one state (or any) and flagged items only. */
export interface ItemFilters {
  state: ItemCalibrationState | '';
  isFlaggedOnly: boolean;
}

export const NO_ITEM_FILTERS: ItemFilters = { state: '', isFlaggedOnly: false };

export function filterItems(items: readonly CalibratedItem[], filters: ItemFilters): CalibratedItem[] {
  return items.filter((item) => (!filters.state || item.state === filters.state) && (!filters.isFlaggedOnly || item.flags.length > 0));
}

/** Why an item version has no estimates, as a locale key under `reasons.` (null when it has them). */
export function reasonKey(item: Pick<CalibratedItem, 'state' | 'proportionCorrect'>): 'tooFew' | 'allRight' | 'allWrong' | 'degenerate' | 'diverged' | null {
  switch (item.state) {
    case 'ok':
      return null;
    case 'too-few-responses':
      return 'tooFew';
    case 'degenerate':
      if (item.proportionCorrect === 1) return 'allRight';
      if (item.proportionCorrect === 0) return 'allWrong';
      return 'degenerate';
    case 'diverged':
      return 'diverged';
  }
}

/** A finite number, or undefined (the table sorts those last and shows why instead). */
export const finite = (value: number | null | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
