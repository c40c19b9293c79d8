/**
 * Hostile and broken input on every route: the operations of the OpenAPI document and the auth library's
 * endpoints, each called a few thousand times with values generated from a seed, as every role and with no
 * session. No answer may be a 5xx: bad input is the caller's fault and gets a 4xx that says what is wrong.
 * The only 5xx the API gives by design, "no speech or translation service is configured here" (501), is
 * allowed for exactly those two codes; so is readiness saying "not ready" (503), which it says whatever the input
 * when a check takes over 2 s, as one may on a CI machine that is running everything at once.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx vitest run test/fuzz.test.ts
 * (FUZZ_CASES raises the count; DEBUG_LOG=1 prints the server's own error log).
 */
import { ROLES, type Role } from '@railmadad/contract';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createComplaint } from './complaint-helpers';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const CASES = Number(process.env.FUZZ_CASES ?? 3_000);
/** A loaded CI machine stops early rather than time out; the cases run are reported. */
const TIME_BUDGET_MS = 150_000;
const ALLOWED_5XX = new Set(['speech_unavailable', 'translation_unavailable']);

type Schema = { type?: string | string[]; enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; maxLength?: number };
type Operation = {
  method: string;
  path: string;
  params: { in: string; name: string; schema?: Schema }[];
  body?: Schema;
  /** Sent as multipart when no JSON body is described (photos, complaints, audio). */
  form: boolean;
};

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  '\uffff',
  '😀'.repeat(300),
  'x'.repeat(20_000),
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE complaint; --',
  '<script>alert(1)</script>',
  `\${7*7}{{7*7}}`,
  '-1',
  '0',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '2026-02-30',
  '9999-12-31T99:99:99Z',
  '+91',
  '+919876543210',
  'CMP000000',
  'CMP100001',
  'नमस्ते शिकायत',
  'پانی نہیں ہے',
  '\r\n\r\n',
  '%',
  '%E0%A4',
];
const HOSTILE_VALUES: unknown[] = [null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -1e308, 1e308, [], {}, [null], { '': null }, ['a', 1, {}], { nested: { deeper: { deepest: [[[]]] } } }];

/** JSON nested `depth` deep, written out directly (JSON.stringify itself would overflow on the deepest). */
function nested(depth: number, r: Random): string {
  return r.chance(0.5) ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A value for a schema: mostly of the right type (to get past validation and reach the handler), sometimes not. */
function valueFor(schema: Schema | undefined, r: Random, known: string[]): unknown {
  if (!schema || r.chance(0.25)) return r.chance(0.5) ? r.pick(HOSTILE_STRINGS) : r.pick(HOSTILE_VALUES);
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return valueFor(r.pick(choice), r, known);
  if (schema.enum?.length) return r.pick(schema.enum);
  const type = Array.isArray(schema.type) ? r.pick(schema.type) : schema.type;
  switch (type) {
    case 'string':
      return r.chance(0.3) ? r.pick(known) : r.pick(HOSTILE_STRINGS);
    case 'integer':
    case 'number':
      return r.pick([0, 1, 2, 5, -1, 100, 1e9, 2 ** 31, 1.5]);
    case 'boolean':
      return r.chance(0.5);
    case 'array':
      return Array.from({ length: r.pick([0, 1, 2, 50]) }, () => valueFor(schema.items, r, known));
    case 'object':
      return objectFor(schema, r, known);
    default:
      return r.pick(HOSTILE_STRINGS);
  }
}

function objectFor(schema: Schema, r: Random, known: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema.properties ?? {})) if (r.chance(0.8)) out[key] = valueFor(child, r, known);
  if (r.chance(0.1)) out[r.pick(['__proto__', 'constructor', 'role', 'id', 'userId', 'a\u0000b'])] = r.pick(HOSTILE_VALUES);
  return out;
}

/** A whole body: usually shaped like the schema, sometimes no object at all, nested past any limit, or not JSON. */
function bodyFor(op: Operation, r: Random, known: string[]): { payload?: string; contentType?: string } {
  const roll = r.next();
  if (roll < 0.06) return { payload: nested(r.pick([40, 1_000, 20_000]), r), contentType: 'application/json' };
  if (roll < 0.12) return { payload: r.pick(['true', '42', '"text"', 'null', '[]', '[1,2]', '{"a":']), contentType: 'application/json' };
  if (roll < 0.15) return { payload: r.pick(HOSTILE_STRINGS), contentType: r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) };
  if (roll < 0.18) return {};
  return { payload: JSON.stringify(op.body ? objectFor(op.body, r, known) : r.pick(HOSTILE_VALUES)), contentType: 'application/json' };
}

/** Percent-encodes, and writes a lone surrogate (which has no UTF-8) as the bytes a broken client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** What a header value may hold once Node's parser has accepted it: tab, and no other control character. */
const printable = (c: string) => c === '\t' || (c >= ' ' && c !== '\x7f');

let photo: Buffer;
const BOUNDARY = 'fuzz-boundary-7d1';

/** A multipart body: text fields with hostile values and perhaps a picture, broken picture or random bytes; or a broken body. */
function formFor(r: Random, known: string[]): { payload: Buffer | string; contentType: string } {
  const roll = r.next();
  if (roll < 0.15) {
    const cut = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nwater\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n\xff\xd8`;
    return { payload: cut.slice(0, Math.floor(r.next() * cut.length)), contentType: r.chance(0.5) ? `multipart/form-data; boundary=${BOUNDARY}` : 'multipart/form-data' };
  }
  const parts: Buffer[] = [];
  const field = (name: string, value: string) => parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const fields = ['type', 'where', 'trainNumber', 'pnr', 'location', 'incidentDate', 'description', 'stationCode', 'clientId', 'complaint_type', 'train_number', 'language'];
  for (const name of fields) if (r.chance(0.6)) field(name, String(r.chance(0.3) ? r.pick(known) : r.pick(HOSTILE_STRINGS)));
  if (r.chance(0.7)) {
    const bytes = r.pick([photo, photo.subarray(0, photo.length >> 1), Buffer.from('not a picture'), Buffer.alloc(0), Buffer.from([0xff, 0xd8, 0xff, 0xe0])]);
    const name = r.pick(['photo', 'photos', 'audio', 'file']);
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${r.pick(['a.jpg', '../../x.png', 'a\u0000.jpg', ''])}"\r\nContent-Type: ${r.pick(['image/jpeg', 'image/png', 'audio/webm', 'text/html'])}\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

let t: TestApp;
const sessions = new Map<Role, Awaited<ReturnType<typeof createUser>>>();
let operations: Operation[] = [];
let known: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  for (const role of ROLES) sessions.set(role, await createUser(t.app, role));
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).jpeg().toBuffer();
  const filed = await createComplaint(t.app, (sessions.get('passenger') as { cookie: string }).cookie);
  known = [filed.reference, filed.pnr ?? '4512345678', ...[...sessions.values()].map((s) => s.id), ...[...sessions.values()].map((s) => s.email), '12951', 'water'];

  const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> }; parameters?: Operation['params'] }>> };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const body = op.requestBody?.content['application/json']?.schema;
      operations.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body, form: method === 'post' && !body });
    }
  }
  // The auth library's endpoints, which the document leaves out: each takes a JSON object (or a query).
  const api = t.app.services.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>;
  for (const endpoint of Object.values(api)) {
    if (!endpoint?.path) continue;
    const methods = [endpoint.options?.method ?? 'POST'].flat();
    for (const method of methods) {
      if (method !== 'GET' && method !== 'POST') continue;
      const path = `/api/auth${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
      operations.push({ method, path, params: [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => ({ in: 'path', name: m[1] as string })), form: false });
    }
  }
  operations = operations.sort((a, b) => `${a.method} ${a.path}`.localeCompare(`${b.method} ${b.path}`));
}, 180_000);
afterAll(() => t?.close());

/** A session that a fuzzed sign-out, password change or deactivation ended is replaced by a new account. */
async function cookieFor(role: Role): Promise<string> {
  const session = sessions.get(role) as Awaited<ReturnType<typeof createUser>>;
  const me = await t.app.inject({ url: '/api/me', headers: { cookie: session.cookie } });
  if (me.statusCode === 200) return session.cookie;
  const fresh = await createUser(t.app, role);
  sessions.set(role, fresh);
  return fresh.cookie;
}

it(
  'answers no request with a 5xx',
  async () => {
    const r = random(SEED);
    const started = Date.now();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let ran = 0;
    for (; ran < CASES && Date.now() - started < TIME_BUDGET_MS; ran++) {
      const op = r.pick(operations);
      const who = r.pick([undefined, ...ROLES] as const);
      let url = op.path.replace(/\{(\w+)\}/g, () => encode(String(r.chance(0.4) ? r.pick(known) : r.pick(HOSTILE_STRINGS))).replace(/%2F/g, r.chance(0.5) ? '/' : '%2F'));
      const query = op.params.filter((p) => p.in === 'query' && r.chance(0.6));
      if (query.length) url += `?${query.map((p) => `${p.name}=${encode(String(valueFor(p.schema, r, known)))}`).join('&')}`;
      if (r.chance(0.03)) url += r.pick(['%00', '?q=%00', '&%ZZ', '#x']);
      const headers: Record<string, string> = { origin: ORIGIN };
      if (who) headers.cookie = ran % 50 === 0 ? await cookieFor(who) : (sessions.get(who) as { cookie: string }).cookie;
      // A header as it reaches the server over a socket: the bytes the client sent, one character per byte, and
      // without control characters (Node's parser refuses those with a 400 before any of our code runs).
      if (op.path === '/api/complaints' && r.chance(0.3)) {
        headers['idempotency-key'] = Buffer.from(r.pick(HOSTILE_STRINGS).slice(0, 200)).toString('latin1').split('').filter(printable).join('') || 'k';
      }
      const request: InjectOptions = { method: op.method as InjectOptions['method'], url, headers };
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        const { payload, contentType } = op.form && r.chance(0.8) ? formFor(r, known) : bodyFor(op, r, known);
        if (payload !== undefined) request.payload = payload;
        if (contentType) headers['content-type'] = contentType;
      }
      const res = await t.app.inject(request);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        const code = (() => {
          try {
            return (res.json() as { code?: string }).code;
          } catch {
            return undefined;
          }
        })();
        const notReady = op.path === '/api/health/ready' && res.statusCode === 503 && /"status":"not_ready"/.test(res.body);
        if (!(res.statusCode === 501 && code && ALLOWED_5XX.has(code)) && !notReady) {
          failures.push(`#${ran} ${op.method} ${url.slice(0, 160)} as ${who ?? 'nobody'} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    const summary = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`fuzz seed ${SEED}: ${ran} requests over ${operations.length} operations in ${Date.now() - started} ms (${summary})`);
    expect(ran).toBeGreaterThan(Math.min(CASES, 500));
    expect(failures, `seed ${SEED}`).toEqual([]);
  },
  TIME_BUDGET_MS + 60_000,
);
