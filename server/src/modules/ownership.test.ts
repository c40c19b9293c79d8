import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Rules about who may write what, read off the source so they cannot quietly come back: a complaint's row and its
 * timeline are written only by complaints/complaint-changes.ts (which writes their notices in the same transaction),
 * and no module reaches into another module's service for a value.
 */
const SRC = new URL('..', import.meta.url).pathname;
const OWNER = 'modules/complaints/complaint-changes.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

/** Drizzle calls and raw SQL that write the complaint table or its events. */
const WRITES = [
  /\.(insert|update|delete)\(\s*(complaint|complaintEvent)\s*\)/,
  /\b(insert\s+into|update|delete\s+from)\s+("?complaint"?|"?complaint_event"?|\$\{\s*(complaint|complaintEvent)\s*\})(\s|$|\()/i,
];

describe('the one owner of complaint changes', () => {
  it('is the only code that writes a complaint or its timeline', () => {
    const offenders = files.flatMap(({ path, text }) =>
      path === OWNER ? [] : text.split('\n').flatMap((line, i) => (WRITES.some((w) => w.test(line)) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('catches the writes it is meant to catch', () => {
    const caught = (line: string) => WRITES.some((w) => w.test(line));
    expect(caught('await tx.insert(complaintEvent).values({ id })')).toBe(true);
    expect(caught('await tx.update(complaint).set({ status })')).toBe(true);
    expect(caught(`update \${complaint} set assignee_id = null`)).toBe(true);
    expect(caught("insert into complaint_event (id) values ('x')")).toBe(true);
    expect(caught('await tx.insert(complaintPhoto).values(row)')).toBe(false);
    expect(caught(`update \${classification} set status = 1`)).toBe(false);
  });
});

describe('modules', () => {
  it("take nothing but types from another module's service", () => {
    const offenders = files.flatMap(({ path, text }) => {
      const [, module] = path.match(/^modules\/([^/]+)\//) ?? [];
      if (!module) return [];
      const imports = text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'\.\.\/([^/']+)\/([^']+)';/gms);
      return [...imports].filter(([, typeOnly, other, file]) => !typeOnly && other !== module && file.endsWith('.service')).map(([statement]) => `${path}: ${statement}`);
    });
    expect(offenders).toEqual([]);
  });
});
