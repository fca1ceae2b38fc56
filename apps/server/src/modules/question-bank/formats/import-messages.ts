import { fillText, IMPORT_MESSAGES, type ImportMessageKey, type LocalizedText } from '@app/contracts';

/** A per-question message of the importer (the contracts' `IMPORT_MESSAGES`), its `{x}` filled in. */
export function importMessage(key: ImportMessageKey, value = ''): LocalizedText {
  return fillText(IMPORT_MESSAGES[key], { x: value });
}
