import { customType } from 'drizzle-orm/pg-core';

/**
 * A jsonb column whose string values stay strings. Both drivers (pg and PGlite) already parse
 * jsonb; drizzle's own `jsonb` column parses a string value once more, so a written answer "42"
 * came back as the number 42 (and "null" as null). Used where a stored value can be a string the
 * student or author typed: answers and answer keys.
 */
export const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType() {
    return 'jsonb';
  },
  toDriver(value) {
    return JSON.stringify(value);
  },
  fromDriver(value) {
    return value;
  },
});
