import {
  type ComplaintDetail,
  type ComplaintStatus,
  DESCRIPTION_MAX,
  isLanguage,
  type Language,
  resolutionNote,
  SUGGESTIONS_MAX,
  type Solution,
  type solutionInputSchema,
  solutionListQuerySchema,
  type solutionPatchSchema,
  staffMoves,
} from '@railmadad/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { complaint, solution, solutionApplication } from '../../db/schema';
import { STATUS_WORDS } from '../../lib/complaint-rules';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { languageOf } from '../../lib/messages';
import type { Actor, ComplaintsService } from '../complaints/complaints.service';
import type { SolutionTranslations } from './seed-solutions';
import { createSolutionsRepository } from './solutions.repository';

/** Words that say nothing about which fix applies; matching on them would rank noise. */
const STOP_WORDS = new Set(
  'the and for not but are was were has have had been with from this that there their they them our your you since very also into onto over under after before when what which while will would could should can cannot did does done its just any all some more most much many only then than too out off per via ago yet still please sir madam'.split(
    ' ',
  ),
);

/** The words of a search or a complaint description worth matching: lower case, 3+ letters, roughly singular. */
export function searchWords(text: string | undefined, max = 12): string[] {
  if (!text) return [];
  const words = new Set<string>();
  // Vowel signs are marks, not letters: they stay inside an Indic word.
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u)) {
    if (raw.length < 3 || STOP_WORDS.has(raw)) continue;
    // "toilets" finds "toilet", "lights" finds "light"; "glass" stays.
    words.add(raw.length > 4 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
    if (words.size >= max) break;
  }
  return [...words];
}

export type SolutionsService = ReturnType<typeof createSolutionsService>;

export function createSolutionsService(deps: { db: Db; complaints: ComplaintsService; exactCountMax?: number }) {
  const { db, complaints } = deps;
  const repository = createSolutionsRepository(db);

  async function found(id: string, language: Language = 'en'): Promise<Solution> {
    const s = await repository.get(id, language);
    if (!s) throw new AppError('not_found', 'Solution not found.');
    return s;
  }

  return {
    /** `language`: the reader's, for the wording shown beside the original. */
    async list(rawQuery: unknown, language: Language = 'en') {
      const query = solutionListQuerySchema.parse(rawQuery);
      const found = await repository.list({ q: searchWords(query.q), type: query.type, state: query.state, language }, query, deps.exactCountMax);
      return { ...found, page: query.page, pageSize: query.pageSize };
    },

    get: found,

    summary: () => repository.summary(),

    /** The best active solutions for a complaint type, for the words of `q` (a search or a description). */
    async suggest(type: z.output<typeof solutionInputSchema>['type'], q?: string, language: Language = 'en') {
      const items = await repository.suggest(type, searchWords(q), SUGGESTIONS_MAX, language);
      return { items };
    },

    async create(actor: Actor, input: z.output<typeof solutionInputSchema>, language: Language = 'en') {
      const id = newId();
      await db.insert(solution).values({ id, problem: input.problem, steps: input.steps, type: input.type, expectedMinutes: input.expectedMinutes, createdBy: actor.id });
      return found(id, language);
    },

    async update(id: string, patch: z.output<typeof solutionPatchSchema>, language: Language = 'en') {
      const [current] = await db.select({ retiredAt: solution.retiredAt }).from(solution).where(eq(solution.id, id));
      if (!current) throw new AppError('not_found', 'Solution not found.');
      const set: Partial<typeof solution.$inferInsert> = { updatedAt: new Date() };
      if (patch.problem !== undefined) set.problem = patch.problem;
      if (patch.steps !== undefined) set.steps = patch.steps;
      // The translations said what the old wording said.
      if (patch.problem !== undefined || patch.steps !== undefined) set.translations = {};
      if (patch.type !== undefined) set.type = patch.type;
      if (patch.expectedMinutes !== undefined) set.expectedMinutes = patch.expectedMinutes;
      // Retiring twice keeps the first date.
      if (patch.retired === true && !current.retiredAt) set.retiredAt = new Date();
      if (patch.retired === false) set.retiredAt = null;
      await db.update(solution).set(set).where(eq(solution.id, id));
      return found(id, language);
    },

    /**
     * Resolves a complaint with a solution: the passenger gets its steps, in their language where
     * the library has it, as the resolution note
     * (bell, and SMS/e-mail per their settings), the timeline shows it, and the application is
     * recorded so the solution's figures follow what happens to the complaint next.
     */
    async apply(actor: Actor, reference: string, solutionId: string): Promise<ComplaintDetail> {
      const [chosen] = await db.select().from(solution).where(eq(solution.id, solutionId));
      if (!chosen || chosen.retiredAt) throw new AppError('not_found', 'Solution not found.');
      const [target] = await db.select({ id: complaint.id, status: complaint.status, passengerId: complaint.passengerId, language: complaint.language }).from(complaint).where(eq(complaint.reference, reference.toUpperCase()));
      if (!target) throw new AppError('not_found', 'Complaint not found.');
      const from = target.status as ComplaintStatus;
      // A complaint already Resolved would take the move as "no change": refuse it here instead.
      if (!staffMoves(from).includes('resolved')) throw new AppError('conflict', `A complaint that is ${STATUS_WORDS[from]} cannot be resolved.`);

      // The reader is the passenger: their setting, or the language the complaint was filed in.
      const reader = target.passengerId ? await languageOf(db, target.passengerId) : isLanguage(target.language) ? target.language : 'en';
      const wording = (reader !== 'en' && (chosen.translations as SolutionTranslations)[reader]) || chosen;
      const full = resolutionNote({ problem: wording.problem, steps: wording.steps });
      const note = full.length > DESCRIPTION_MAX ? `${full.slice(0, DESCRIPTION_MAX - 1)}…` : full;
      const detail = await complaints.change(actor, reference, { status: 'resolved', note, internal: false });
      const last = detail.timeline.filter((e) => e.kind === 'status').at(-1);
      if (last?.toStatus !== 'resolved' || last.note !== note) {
        throw new AppError('conflict', 'Someone else changed this complaint just now. Please look again.');
      }
      await db.insert(solutionApplication).values({ id: newId(), solutionId: chosen.id, complaintId: target.id, appliedBy: actor.id });
      return detail;
    },
  };
}
