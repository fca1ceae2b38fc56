import { doublePrecision, index, integer, jsonb, pgTable, pgView, text, timestamp, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { questions, questionVersions } from './question-bank.js';

/** A flag on a calibrated item version (the contract's CalibrationFlag). */
export type ItemCalibrationFlag =
  | { kind: 'drift'; fromVersion: number; difference: number; seUnits: number }
  | { kind: 'probable-wrong-key'; optionId: number; optionShare: number; keyShare: number; topResponses: number };

/**
 * The latest calibration of each question version in one scope: an institute's attempts, or (when
 * institute_id is null) the whole client's. A calibration replaces every row of its scope
 * (decision 048); parameters are null unless the state is ok.
 */
export const itemCalibrations = pgTable(
  'item_calibrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: text('client_id').notNull(),
    instituteId: integer('institute_id'),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    questionVersionId: integer('question_version_id')
      .notNull()
      .references(() => questionVersions.id, { onDelete: 'cascade' }),
    /** 2pl | rasch | 3pl */
    model: text('model').notNull(),
    /** ok | too-few-responses | degenerate | diverged */
    state: text('state').notNull(),
    responses: integer('responses').notNull(),
    proportionCorrect: doublePrecision('proportion_correct'),
    difficulty: doublePrecision('difficulty'),
    discrimination: doublePrecision('discrimination'),
    seDifficulty: doublePrecision('se_difficulty'),
    seDiscrimination: doublePrecision('se_discrimination'),
    /** 3PL, choice kinds only: the lower asymptote c and its standard error (decision 077). */
    guessing: doublePrecision('guessing'),
    seGuessing: doublePrecision('se_guessing'),
    infit: doublePrecision('infit'),
    outfit: doublePrecision('outfit'),
    flags: jsonb('flags').$type<ItemCalibrationFlag[]>().notNull().default([]),
    /** The job that wrote the row. */
    jobId: text('job_id'),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('item_calibrations_scope_idx').on(t.clientId, t.instituteId, t.questionVersionId),
    check('item_calibrations_state_check', sql`${t.state} in ('ok', 'too-few-responses', 'degenerate', 'diverged')`),
    check('item_calibrations_model_check', sql`${t.model} in ('2pl', 'rasch', '3pl')`),
  ],
);

/** The published read (decision 094): the `ok` calibrations, the only ones with parameters. */
export const calibratedItems = pgView('calibrated_items', {
  clientId: text('client_id').notNull(),
  instituteId: integer('institute_id'),
  questionVersionId: integer('question_version_id').notNull(),
  model: text('model').notNull(),
  difficulty: doublePrecision('difficulty'),
  discrimination: doublePrecision('discrimination'),
  guessing: doublePrecision('guessing'),
  calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull(),
}).as(sql`SELECT client_id, institute_id, question_version_id, model, difficulty, discrimination, guessing, calibrated_at FROM item_calibrations WHERE state = 'ok'`);
