import type { OmrStudent } from './omr.repository.js';

/**
 * The number a student bubbles: the roll number staff gave (else the one given at signup) when it is 1–10 digits, else the
 * account id, so that every student has one and a read sheet always points back to one student.
 */
export function sheetRollNumber(student: Pick<OmrStudent, 'userId' | 'rollNo'>): string {
  const roll = student.rollNo?.trim() ?? '';
  return /^\d{1,10}$/.test(roll) ? roll : String(student.userId);
}
