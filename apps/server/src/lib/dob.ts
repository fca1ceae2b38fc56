import { DOB_PATTERN } from '@app/contracts';

/** DD-MM-YYYY (the forms' format) → YYYY-MM-DD (the database's date). */
export function dobToIso(dob: string): string {
  const match = DOB_PATTERN.exec(dob);
  if (!match) throw new Error(`not a DD-MM-YYYY date: ${dob}`);
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** YYYY-MM-DD → DD-MM-YYYY */
export function isoToDob(iso: string | null): string | null {
  if (!iso) return null;
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}-${month}-${year}`;
}

/** True when the DD-MM-YYYY date lies before today (UTC) of `now`. */
export function isPastDob(dob: string, now: Date): boolean {
  return dobToIso(dob) < now.toISOString().slice(0, 10);
}
