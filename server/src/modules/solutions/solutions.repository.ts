import type { ComplaintType, Language, Solution, SolutionSummary } from '@railmadad/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boundedCount, EXACT_COUNT_MAX, keyColumn, keysetPage, type SortKey } from '../../lib/keyset';

/**
 * Every application of a solution with its outcome (the rule is written out on `solutionSchema`
 * in the contract): a success when the complaint was not reopened after the application, and it
 * was rated 4 or 5 after the application, or, not rated since, is still Resolved or Closed.
 */
const outcomes = (where: SQL) => sql`
  select a.solution_id, a.applied_at, c.created_at as filed_at,
    (
      not exists (
        select 1 from complaint_event e
        where e.complaint_id = a.complaint_id and e.to_status = 'reopened' and e.created_at > a.applied_at
      )
      and (f.rating >= 4 or (f.rating is null and c.status in ('resolved', 'closed')))
    ) as success
  from solution_application a
  join complaint c on c.id = a.complaint_id
  left join feedback f on f.complaint_id = a.complaint_id and f.created_at >= a.applied_at
  where ${where}`;

/**
 * A solution row with its figures and its wording in the reader's language (null for English, or
 * when it has none); the lateral join computes the figures for this solution only.
 */
const withFigures = (language: Language, where: SQL, score: SQL = sql`0`) => sql`
  select s.id, s.problem, s.steps, s.type, s.expected_minutes, s.retired_at, s.created_at, s.updated_at,
    case when ${language} = 'en' then null else s.translations -> ${language} end as translation,
    s.translations <> '{}'::jsonb as translated,
    (${score}) as score, st.times_applied, st.successes, st.avg_minutes
  from solution s
  left join lateral (
    select count(*)::int as times_applied,
      (count(*) filter (where o.success))::int as successes,
      (avg(extract(epoch from o.applied_at - o.filed_at)) filter (where o.success) / 60)::float8 as avg_minutes
    from (${outcomes(sql`a.solution_id = s.id`)}) o
  ) st on true
  where ${where}`;

type Row = {
  id: string;
  problem: string;
  steps: string[] | string;
  translation: { problem: string; steps: string[] } | string | null;
  translated: boolean;
  type: string;
  expected_minutes: number;
  retired_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  times_applied: number | null;
  successes: number | null;
  avg_minutes: number | string | null;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toSolution(r: Row, language: Language): Solution {
  const timesApplied = Number(r.times_applied ?? 0);
  const successes = Number(r.successes ?? 0);
  const translation = r.translation === null ? null : json(r.translation);
  return {
    id: r.id,
    problem: r.problem,
    steps: json(r.steps),
    translation: translation ? { language, problem: translation.problem, steps: translation.steps } : null,
    translated: Boolean(r.translated),
    type: r.type as ComplaintType,
    expectedMinutes: Number(r.expected_minutes),
    retired: r.retired_at !== null,
    retiredAt: r.retired_at === null ? null : iso(r.retired_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    timesApplied,
    successes,
    successRate: timesApplied > 0 ? Math.round((successes / timesApplied) * 1000) / 1000 : null,
    avgResolutionMinutes: r.avg_minutes === null ? null : Math.round(Number(r.avg_minutes)),
  };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Search words as LIKE patterns, with LIKE's own characters escaped. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type SolutionFilter = { q?: string[]; type?: ComplaintType; state: 'active' | 'retired' | 'all'; language: Language };

/** How well a word matches: 2 in the problem, 1 in the steps, as written or in the reader's language. */
const wordScore = (word: string, language: Language) => {
  const like = likePattern(word);
  return sql`(case when s.problem ilike ${like} or s.translations -> ${language} ->> 'problem' ilike ${like} then 2
    when s.steps::text ilike ${like} or (s.translations -> ${language} -> 'steps')::text ilike ${like} then 1 else 0 end)`;
};

function filterSql(f: SolutionFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.state === 'active') parts.push(sql`s.retired_at is null`);
  if (f.state === 'retired') parts.push(sql`s.retired_at is not null`);
  if (f.type) parts.push(sql`s.type = ${f.type}`);
  // Every word must appear in the problem or the steps.
  for (const word of f.q ?? []) parts.push(sql`${wordScore(word, f.language)} > 0`);
  return sql.join(parts, sql` and `);
}

const LIST_KEYS: SortKey[] = [
  { expr: sql`coalesce(s.times_applied, 0)`, dir: 'desc', kind: 'int' },
  // Rates are 0–1, so -1 puts the never-applied last, as "nulls last" would.
  { expr: sql`coalesce(s.successes::float8 / nullif(s.times_applied, 0), -1)`, dir: 'desc', kind: 'float' },
  { expr: sql`s.problem`, dir: 'asc', kind: 'text' },
  { expr: sql`s.id`, dir: 'asc', kind: 'text' },
];

export function createSolutionsRepository(db: Db) {
  return {
    /**
     * The library, most used first, then the best success rate (none yet: last), then by problem. The order is on
     * figures worked out per solution, so each page reads the (curated, small) library whole; the keyset still keeps
     * the pages from shifting while solutions are applied.
     */
    async list(filter: SolutionFilter, paging: { cursor?: string; page: number; pageSize: number }, exactUpTo = EXACT_COUNT_MAX) {
      const where = filterSql(filter);
      const [found, counted] = await Promise.all([
        keysetPage({
          list: 'solutions',
          keys: LIST_KEYS,
          cursor: paging.cursor,
          page: paging.page,
          pageSize: paging.pageSize,
          fetch: (seek, order, limit, offset) =>
            rows<Row & { key: (string | number)[] }>(
              db,
              sql`select *, ${keyColumn(LIST_KEYS)} as key from (${withFigures(filter.language, where)}) s
                  where ${seek ?? sql`true`}
                  order by ${sql.join(order, sql`, `)}
                  limit ${limit} offset ${offset}`,
            ),
        }),
        boundedCount(db, sql`from solution s where ${where}`, exactUpTo),
      ]);
      return { items: found.rows.map((r) => toSolution(r, filter.language)), ...counted, next: found.next, prev: found.prev };
    },

    async get(id: string, language: Language): Promise<Solution | undefined> {
      const [row] = await rows<Row>(db, sql`select * from (${withFigures(language, sql`s.id = ${id}`)}) s`);
      return row ? toSolution(row, language) : undefined;
    },

    /**
     * The active solutions of one type, best first: more of the passenger's words shared (a word
     * in the problem counts twice, in the steps once), then the success rate smoothed so a new
     * solution (0 of 0) ranks as an even chance rather than first or last, then use.
     */
    async suggest(type: ComplaintType, words: string[], limit: number, language: Language) {
      const score = words.length
        ? sql.join(
            words.map((w) => wordScore(w, language)),
            sql` + `,
          )
        : sql`0`;
      const found = await rows<Row>(
        db,
        sql`select * from (${withFigures(language, sql`s.type = ${type} and s.retired_at is null`, score)}) s
            order by score desc, (coalesce(s.successes, 0) + 1)::float8 / (coalesce(s.times_applied, 0) + 2) desc, coalesce(s.times_applied, 0) desc, s.problem asc
            limit ${limit}`,
      );
      return found.map((r) => toSolution(r, language));
    },

    async summary(): Promise<SolutionSummary> {
      const [row] = await rows<{ active: number; retired: number; applied: number; rate: number | string | null }>(
        db,
        sql`select
              (select count(*)::int from solution where retired_at is null) as active,
              (select count(*)::int from solution where retired_at is not null) as retired,
              (select count(*)::int from solution_application where applied_at >= now() - interval '30 days') as applied,
              (select (count(*) filter (where o.success))::float8 / nullif(count(*), 0) from (${outcomes(sql`true`)}) o) as rate`,
      );
      return {
        active: Number(row.active),
        retired: Number(row.retired),
        appliedLast30Days: Number(row.applied),
        successRate: row.rate === null ? null : Math.round(Number(row.rate) * 1000) / 1000,
      };
    },
  };
}
export type SolutionsRepository = ReturnType<typeof createSolutionsRepository>;
