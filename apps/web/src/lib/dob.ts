/** The API's dates of birth are DD-MM-YYYY; a date input speaks YYYY-MM-DD. */
export function isoToDmy(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}

export function dmyToIso(dmy: string | null | undefined): string {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(dmy ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
}
