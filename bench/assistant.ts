// The assistant's evaluation: every case of bench/assistant/eval.jsonl (or the file given) sent
// to the real server (built-in engine, PGlite in memory), each in a new conversation of a fresh
// passenger with three complaints of their own, and scored by the rules in bench/assistant/README.md.
// Also the built-in engine's answer time. Usage: node --import tsx bench/assistant.ts [FILE.jsonl] [--verbose]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AssistantChatResponse, todayInIndia } from '@railmadad/contract';
import { buildApp } from '../server/src/app';
import { ensureAccount } from '../server/src/auth/bootstrap';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';

type Expect = {
  intent: string;
  references?: string[];
  type?: string;
  draft?: { trainNumber?: string; pnr?: string; location?: string; incidentDate?: string };
  sources?: string[];
  replyLanguage?: string;
  mustInclude?: string[];
  mustNotInclude?: string[];
};
type Case = { id: string; lang: string; turns: string[]; expect: Expect };

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const file = args.find((a) => !a.startsWith('--')) ?? new URL('./assistant/eval.jsonl', import.meta.url).pathname;
const cases: Case[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

const dataDir = mkdtempSync(join(tmpdir(), 'railmadad-assistant-bench-'));
const ORIGIN = 'http://localhost:3000';
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: ORIGIN, DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'none'), RATE_LIMIT: 'off' });
const database = await openDatabase({ dataDir, inMemory: true });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const { complaints, auth } = app.services;
const db = database.db;
// The first model trains in the background at start; a prediction waits for it.
await app.services.classifier.predict('warm-up: the fan in coach S3 is not working');

const password = 'correct-horse-42';
let n = 0;
async function account(role: 'passenger' | 'staff', name: string) {
  n++;
  const email = `${role}${n}@bench.example`;
  const { id } = await ensureAccount(auth, db, { email, password, role, name });
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } });
  const cookie = String(res.headers['set-cookie']).match(/railmadad\.session_token=[^;]+/)?.[0] ?? '';
  return { id, name, role, cookie };
}

const today = todayInIndia();
const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const ravi = await account('staff', 'Ravi Kumar');
const fields = (over: Record<string, string>) => ({ where: 'train', location: 'Coach S3', incidentDate: today, ...over });

const stranger = await account('passenger', 'Someone Else');
const other = (await complaints.file(stranger, fields({ type: 'security', trainNumber: '12627', pnr: '8812345670', description: 'A man was following my daughter in the coach last week.' }), [])).complaint.reference;

async function passenger() {
  const p = await account('passenger', 'Asha Verma');
  const own1 = (await complaints.file(p, fields({ type: 'coach-cleanliness', trainNumber: '12951', pnr: '2345678901', description: 'The toilets of coach S3 have not been cleaned since Surat.' }), [])).complaint.reference;
  const own2 = (await complaints.file(p, fields({ type: 'water', trainNumber: '12301', pnr: '3456789012', description: 'No water in the washbasins of coach B2.' }), [])).complaint.reference;
  const own3 = (await complaints.file(p, fields({ type: 'refund', trainNumber: '12423', pnr: '4567890123', description: 'My refund for the cancelled ticket has not come after twenty days.' }), [])).complaint.reference;
  await complaints.change(ravi, own1, { status: 'in_progress', assigneeId: ravi.id, internal: false });
  await complaints.change(ravi, own2, { status: 'in_progress', assigneeId: ravi.id, internal: false });
  await complaints.change(ravi, own2, { status: 'resolved', internal: false });
  await complaints.change(ravi, own3, { assigneeId: null, internal: false });
  return { p, refs: { own1, own2, own3 } };
}

const fillIn = (text: string, refs: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => ({ ...refs, other, missing: 'CMP999999', today, yesterday })[name] ?? whole);

type Result = { c: Case; pass: boolean; problems: string[]; last?: AssistantChatResponse };
const results: Result[] = [];
const times: number[] = [];

for (const c of cases) {
  const { p, refs } = await passenger();
  let last: AssistantChatResponse | undefined;
  let conversationId: string | undefined;
  const problems: string[] = [];
  for (const turn of c.turns) {
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/assistant/chat', headers: { cookie: p.cookie, origin: ORIGIN }, payload: { message: fillIn(turn, refs), conversationId } });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) {
      problems.push(`HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`);
      break;
    }
    last = res.json() as AssistantChatResponse;
    conversationId = last.conversationId;
  }
  const e = c.expect;
  if (last) {
    const a = last.action;
    const reply = last.reply.toLowerCase();
    switch (e.intent) {
      case 'track':
        if (a?.kind !== 'track' || a.complaints.length === 0) problems.push(`wanted track, got ${a?.kind ?? 'no action'}`);
        break;
      case 'not_found': {
        const leaked = a?.kind === 'track' && a.complaints.some((x) => x.reference === other);
        if (leaked) problems.push('LEAK: another passenger’s complaint in the action');
        if (a && a.kind !== 'track') problems.push(`wanted not_found, got ${a.kind}`);
        break;
      }
      case 'file_complaint':
        if (a?.kind !== 'file_complaint' && a?.kind !== 'filed') problems.push(`wanted file_complaint, got ${a?.kind ?? 'no action'}`);
        break;
      case 'emergency':
        if (a?.kind !== 'call' || a.number !== '139' || !a.emergency) problems.push(`wanted emergency call, got ${a?.kind ?? 'no action'}`);
        break;
      case 'live_support':
        if (a?.kind !== 'live_support') problems.push(`wanted live_support, got ${a?.kind ?? 'no action'}`);
        break;
      case 'faq':
        if (!last.sources?.length) problems.push('wanted a knowledge-base answer, got no sources');
        if (a?.kind === 'call') problems.push('faq answered with an emergency call');
        break;
      case 'unknown':
      case 'greeting':
        if (a) problems.push(`wanted no action (${e.intent}), got ${a.kind}`);
        break;
    }
    for (const r of e.references ?? []) {
      const want = fillIn(r, refs);
      if (a?.kind !== 'track' || !a.complaints.some((x) => x.reference === want)) problems.push(`reference ${want} missing`);
    }
    if (e.type) {
      // A case that ends in "yes, file it" is judged by the complaint it filed.
      const got = a?.kind === 'file_complaint' ? a.draft.type : a?.kind === 'filed' ? (await complaints.get(p, a.reference)).type : null;
      if (got !== e.type) problems.push(`type: wanted ${e.type}, got ${got ?? '-'}`);
    }
    if (e.draft && a?.kind === 'file_complaint') {
      const d = a.draft;
      for (const key of ['trainNumber', 'pnr', 'incidentDate'] as const) {
        const want = e.draft[key] && fillIn(e.draft[key], refs);
        if (want && d[key] !== want) problems.push(`draft.${key}: wanted ${want}, got ${d[key] ?? '-'}`);
      }
      if (e.draft.location && !(d.location ?? '').toLowerCase().includes(e.draft.location.toLowerCase())) problems.push(`draft.location: wanted ${e.draft.location}, got ${d.location ?? '-'}`);
    } else if (e.draft && a?.kind !== 'filed') problems.push('draft expected');
    if (e.sources && !last.sources?.some((s) => e.sources?.includes(s.id))) problems.push(`sources: wanted one of ${e.sources.join(',')}, got ${last.sources?.map((s) => s.id).join(',') || '-'}`);
    if (e.replyLanguage && last.language !== e.replyLanguage) problems.push(`language: wanted ${e.replyLanguage}, got ${last.language}`);
    for (const s of e.mustInclude ?? []) if (!reply.includes(fillIn(s, refs).toLowerCase())) problems.push(`reply lacks "${fillIn(s, refs)}"`);
    for (const s of e.mustNotInclude ?? []) if (reply.includes(fillIn(s, refs).toLowerCase())) problems.push(`reply contains "${fillIn(s, refs)}"`);
  }
  results.push({ c, pass: problems.length === 0, problems, last });
}

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)}%` : '-');
const group = (key: (r: Result) => string) => {
  const m = new Map<string, { pass: number; all: number }>();
  for (const r of results) {
    const g = m.get(key(r)) ?? { pass: 0, all: 0 };
    g.all++;
    if (r.pass) g.pass++;
    m.set(key(r), g);
  }
  return [...m].sort().map(([k, v]) => `  ${k.padEnd(16)} ${String(v.pass).padStart(3)}/${String(v.all).padEnd(3)} ${pct(v.pass, v.all)}`);
};
const passed = results.filter((r) => r.pass).length;
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
console.log(`cases ${results.length}, passed ${passed} (${pct(passed, results.length)})`);
console.log('by intent:');
console.log(group((r) => r.c.expect.intent).join('\n'));
console.log('by language:');
console.log(group((r) => r.c.lang).join('\n'));
const emergencies = results.filter((r) => r.c.expect.intent === 'emergency');
const calledOnOthers = results.filter((r) => r.c.expect.intent !== 'emergency' && r.last?.action?.kind === 'call');
console.log(`emergencies answered with 139: ${emergencies.filter((r) => r.last?.action?.kind === 'call').length}/${emergencies.length}; false alarms ${calledOnOthers.length}/${results.length - emergencies.length}`);
console.log(`leaks of another passenger's complaint: ${results.filter((r) => r.problems.some((p) => p.startsWith('LEAK'))).length}`);
console.log(`answer time over HTTP (inject), ms: median ${q(0.5)}, p95 ${q(0.95)}, max ${times[times.length - 1].toFixed(1)} (${times.length} answers)`);
for (const r of results.filter((x) => !x.pass)) {
  console.log(`FAIL ${r.c.id}: ${r.problems.join('; ')}`);
  if (verbose) console.log(`   > ${r.c.turns.join(' | ')}\n   < ${r.last?.reply.replace(/\n/g, ' / ').slice(0, 300)}`);
}
