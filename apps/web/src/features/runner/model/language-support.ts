import type { ProgrammingLanguage } from '@app/contracts';
import { cpp } from '@codemirror/lang-cpp';
import { java } from '@codemirror/lang-java';
import { python } from '@codemirror/lang-python';
import { StreamLanguage } from '@codemirror/language';
import { ruby } from '@codemirror/legacy-modes/mode/ruby';
import type { Extension } from '@codemirror/state';

const rubyLanguage = StreamLanguage.define(ruby);

/** Syntax highlighting and indentation for each runner language (C shares the C++ grammar). */
export function languageSupport(language: ProgrammingLanguage): Extension {
  switch (language) {
    case 'C':
    case 'C++':
      return cpp();
    case 'Java':
      return java();
    case 'Python':
      return python();
    case 'Ruby':
      return rubyLanguage;
  }
}
