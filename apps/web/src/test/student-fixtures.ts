import type { StudentRow } from '@app/contracts';

/** Students as the list call answers them, for the screens' tests. */
export const PRIYA: StudentRow = {
  id: 7,
  username: 'priya.r',
  firstName: 'Priya',
  lastName: 'Raman',
  email: 'priya@example.com',
  phone: null,
  dob: null,
  instituteId: 1,
  instituteName: 'Sunrise',
  classId: 11,
  className: '11',
  sectionId: null,
  sectionName: null,
  rollNumber: null,
  isActive: true,
  hasPassword: true,
  mustChangePassword: false,
  createdAt: '2026-11-01T00:00:00Z',
};

export const BALA: StudentRow = {
  ...PRIYA,
  id: 8,
  username: 'bala.k',
  firstName: 'Bala',
  lastName: 'K',
  email: 'bala@example.com',
  classId: 12,
  className: '12',
  sectionId: 121,
  sectionName: 'A',
  isActive: false,
};

/** The lookups the forms and filters read: one institute, two classes, two sections of class 12. */
export const PLACES = {
  institutes: [{ id: 1, name: 'Sunrise', city: null, logoUrl: null }],
  classes: [
    { id: 11, name: '11', instituteID: 1 },
    { id: 12, name: '12', instituteID: 1 },
  ],
  sections: {
    11: [],
    12: [
      { id: 121, name: 'A', classID: 12, instituteID: 1 },
      { id: 122, name: 'B', classID: 12, instituteID: 1 },
    ],
  } as Record<number, unknown[]>,
};
