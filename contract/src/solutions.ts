import { z } from 'zod';
import { LANGUAGES } from './enums';
import { COMPLAINT_TYPES } from './complaints';
import { cursorParam, keysetPageOf } from './system';

/** Limits of one solution in the quick-resolution library. */
export const SOLUTION_PROBLEM_MAX = 160;
export const SOLUTION_STEPS_MIN = 1;
export const SOLUTION_STEPS_MAX = 15;
export const SOLUTION_STEP_MAX = 240;
/** A week: anything slower is not a quick resolution. */
export const SOLUTION_MINUTES_MAX = 7 * 24 * 60;
/** How many solutions a passenger (or the staff complaint view) is offered at once. */
export const SUGGESTIONS_MAX = 3;

const problem = z.string().trim().min(3, 'problem_required').max(SOLUTION_PROBLEM_MAX, 'problem_too_long');
const steps = z
  .array(z.string().trim().min(1, 'step_empty').max(SOLUTION_STEP_MAX, 'step_too_long'))
  .min(SOLUTION_STEPS_MIN, 'steps_required')
  .max(SOLUTION_STEPS_MAX, 'too_many_steps');
const expectedMinutes = z.number().int('minutes_invalid').min(1, 'minutes_invalid').max(SOLUTION_MINUTES_MAX, 'minutes_invalid');

/** A new solution (admin). The same schema checks the dialog form and the request. */
export const solutionInputSchema = z.object({
  problem,
  steps,
  type: z.enum(COMPLAINT_TYPES, { message: 'type_required' }),
  expectedMinutes,
});
export type SolutionInput = z.input<typeof solutionInputSchema>;

/** An edit (admin): any of the fields, and `retired` to take it out of use or bring it back. */
export const solutionPatchSchema = solutionInputSchema
  .partial()
  .extend({ retired: z.boolean().optional() })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'nothing_to_change' });
export type SolutionPatch = z.input<typeof solutionPatchSchema>;

/**
 * A solution with figures computed from real outcomes, never typed in.
 *
 * One application (a solution applied to a complaint at `appliedAt`) is a **success** when
 * 1. the complaint was not reopened after `appliedAt` (no status event to `reopened` later), and
 * 2. either the passenger rated it after `appliedAt` with 4 or 5 stars, or there is no such
 *    rating yet and the complaint is still Resolved or Closed.
 * `successRate` = successes ÷ `timesApplied` (0..1), null when it was never applied.
 * `avgResolutionMinutes` = the mean time from filing a complaint to applying this solution,
 * over the successful applications only; null when there is none.
 */
export const solutionSchema = z.object({
  id: z.string(),
  /** As written (and edited) by an admin. */
  problem: z.string(),
  steps: z.array(z.string()),
  /** The same problem and steps in the reader's language, where the library has them (the starter solutions do, in every language). */
  translation: z.object({ language: z.enum(LANGUAGES), problem: z.string(), steps: z.array(z.string()) }).nullable(),
  /** Whether it has wording in other languages, which an edit of the problem or steps removes. */
  translated: z.boolean(),
  type: z.enum(COMPLAINT_TYPES),
  expectedMinutes: z.number().int(),
  retired: z.boolean(),
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  timesApplied: z.number().int(),
  successes: z.number().int(),
  successRate: z.number().min(0).max(1).nullable(),
  avgResolutionMinutes: z.number().nullable(),
});
export type Solution = z.infer<typeof solutionSchema>;

export const SOLUTION_STATES = ['active', 'retired', 'all'] as const;

export const solutionListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  type: z.enum(COMPLAINT_TYPES).optional(),
  state: z.enum(SOLUTION_STATES).default('active'),
  cursor: cursorParam,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type SolutionListQuery = z.input<typeof solutionListQuerySchema>;

export const solutionListSchema = keysetPageOf(solutionSchema);
export type SolutionList = z.infer<typeof solutionListSchema>;

/** The Quick Resolution tiles. `successRate` is over every application ever made (same rule as above). */
export const solutionSummarySchema = z.object({
  active: z.number().int(),
  retired: z.number().int(),
  appliedLast30Days: z.number().int(),
  successRate: z.number().min(0).max(1).nullable(),
});
export type SolutionSummary = z.infer<typeof solutionSummarySchema>;

/** "This may fix it now": the best active solutions for a complaint type, for any signed-in person. */
export const solutionSuggestQuerySchema = z.object({
  type: z.enum(COMPLAINT_TYPES, { message: 'type_required' }),
  q: z.string().trim().max(2000).optional(),
});
export const solutionSuggestionSchema = solutionSchema.pick({
  id: true,
  problem: true,
  steps: true,
  translation: true,
  type: true,
  expectedMinutes: true,
  timesApplied: true,
  successRate: true,
});
export type SolutionSuggestion = z.infer<typeof solutionSuggestionSchema>;
export const solutionSuggestionsSchema = z.object({ items: z.array(solutionSuggestionSchema) });

export const applySolutionSchema = z.object({ solutionId: z.string().trim().min(1, 'solution_required').max(64) });
export type ApplySolution = z.input<typeof applySolutionSchema>;

/** The resolution note the passenger receives: "Problem: 1. step 2. step". */
export const resolutionNote = (s: { problem: string; steps: string[] }) => `${s.problem}: ${s.steps.map((step, i) => `${i + 1}. ${step}`).join(' ')}`;
