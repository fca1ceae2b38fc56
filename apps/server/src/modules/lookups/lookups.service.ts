import {
  CITIES,
  type City,
  type ClassOption,
  type CourseSimple,
  type Institute,
  type InstituteDepartment,
  type InstituteDepartmentQuery,
  type LanguageOption,
  type MessageKey,
  type SectionOption,
  type State,
} from '@app/contracts';
import type { Db } from '../../db/client.js';
import type { LookupsRepository } from './lookups.repository.js';

/** The profile's references to the lookups, checked together. */
export interface ProfileReferences {
  state: number;
  languageId: number;
  city: string;
  interestedCourse: number[];
  instituteID: number | null;
  classID: number | null;
  sectionID: number | null;
}

export function createLookupsService(deps: { repo: LookupsRepository }) {
  const { repo } = deps;
  return {
    listStates: (): Promise<State[]> => repo.listStates(),
    listLanguages: (): Promise<LanguageOption[]> => repo.listLanguages(),
    async listInstitutes(): Promise<Institute[]> {
      const rows = await repo.listInstitutes();
      return rows.map((r) => ({ id: r.id, name: r.name, city: r.city, logoUrl: r.logoUrl }));
    },
    listClasses: (instituteId: number): Promise<ClassOption[]> => repo.listClasses(instituteId),
    listSections: (instituteId: number, classId: number): Promise<SectionOption[]> => repo.listSections(instituteId, classId),
    listCities: (): City[] => CITIES.map((name) => ({ id: name, name })),
    async listInstituteDepartments(query: Required<InstituteDepartmentQuery>): Promise<InstituteDepartment[]> {
      const rows = await repo.listCampusDepartments(query.Campus, query.Department);
      return rows.map((r) => ({ id: r.id, Campus: r.campus, Department: r.department, Degrees: r.degrees }));
    },
    listCoursesSimple: (): Promise<CourseSimple[]> => repo.listPublishedCourses(),
    findInstitute: (id: number) => repo.findInstitute(id),
    /** The first set-up's institute (decision 093: lookups write their own tables), in the caller's transaction. */
    ensureInstitute: (q: Db, institute: { name: string; clientId: string; city: string | null }) => repo.ensureInstitute(q, institute),
    /** Class names by id (staff screens label a student's class); unknown ids are left out. */
    async classNames(ids: number[]): Promise<Map<number, string>> {
      const rows = await Promise.all([...new Set(ids)].map((id) => repo.findClass(id)));
      return new Map(rows.flatMap((row) => (row ? [[row.id, row.name] as const] : [])));
    },
    courseExists: async (id: number): Promise<boolean> => (await repo.existingCourseIds([id])).length === 1,

    /**
     * Field → message key for every reference that does not exist or does not fit: a class must
     * belong to the institute, a section to the class.
     */
    async checkProfileReferences(refs: ProfileReferences): Promise<Record<string, MessageKey>> {
      const problems: Record<string, MessageKey> = {};
      if (!(CITIES as readonly string[]).includes(refs.city)) problems.city = 'cityInvalid';
      if (!(await repo.stateExists(refs.state))) problems.state = 'stateRequired';
      if (!(await repo.languageExists(refs.languageId))) problems.languageId = 'languageRequired';
      const unique = [...new Set(refs.interestedCourse)];
      if ((await repo.existingCourseIds(unique)).length !== unique.length) problems.interestedCourse = 'courseInvalid';
      if (refs.instituteID !== null && !(await repo.instituteExists(refs.instituteID))) problems.instituteID = 'instituteInvalid';
      const cls = refs.classID !== null ? await repo.findClass(refs.classID) : undefined;
      if (refs.classID !== null && (!cls || cls.instituteId !== refs.instituteID)) problems.classID = 'classInvalid';
      if (refs.sectionID !== null) {
        const section = await repo.findSection(refs.sectionID);
        if (!section || !cls || section.classId !== cls.id || problems.classID) problems.sectionID = 'sectionInvalid';
      }
      return problems;
    },
  };
}
export type LookupsService = ReturnType<typeof createLookupsService>;
