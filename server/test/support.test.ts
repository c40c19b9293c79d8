import type { SupportSession } from '@railmadad/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportAgent, supportSession, user } from '../src/db/schema';
import { createComplaint, png } from './complaint-helpers';
import { createTestApp, createUser, lastMessageTo, ORIGIN, type TestApp } from './helpers';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: User | null, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) }, payload });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

const start = (who: User, body: object = { type: 'chat' }) => call('POST', '/api/support/sessions', who, body);
const setAgent = (who: User, status: 'available' | 'busy' | 'away', capacity?: number) => call('PUT', '/api/support/agent', who, { status, capacity });
const sessionRow = async (id: string) => (await t.database.db.select().from(supportSession).where(eq(supportSession.id, id)))[0];
/** Everyone who is still Available steps away, so each test decides who answers. */
const everyoneAway = () => t.database.db.update(supportAgent).set({ status: 'away' });
const endAllSessions = () => t.database.db.update(supportSession).set({ status: 'ended', endedAt: new Date(), offeredTo: null });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/support/sessions', () => {
  it('puts a passenger in the queue with their place, and says when no agent is available', async () => {
    await everyoneAway();
    const p = await createUser(t.app);
    const res = await start(p, { type: 'chat', topic: 'water', message: 'No water in coach B2' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'waiting', type: 'chat', topic: 'water', queuePosition: expect.any(Number), availableAgents: 0, agent: null, leftMessage: false, lastSeq: 1 });
    // The first message is in the transcript.
    const messages = await call('GET', `/api/support/sessions/${res.body.id}/messages`, p);
    expect(messages.body.items.map((m: { body: string; seq: number }) => [m.seq, m.body])).toEqual([[1, 'No water in coach B2']]);
    // A second start while one is open gives the same session, not a second place in the queue.
    const again = await start(p);
    expect(again.body.id).toBe(res.body.id);
    await endAllSessions();
  });

  it('refuses bad input, staff and signed-out callers', async () => {
    const p = await createUser(t.app);
    const staff = await createUser(t.app, 'staff');
    expect((await start(p, { type: 'fax' })).status).toBe(400);
    expect((await start(p, { type: 'chat', topic: 'nonsense' })).status).toBe(400);
    expect((await start(p, { type: 'chat', message: 'x'.repeat(2001) })).status).toBe(400);
    expect((await start(p, { type: 'chat', complaintReference: 'CMP999999' })).status).toBe(404);
    expect((await start(p, { type: 'chat', agentId: 'no-such-agent' })).status).toBe(400);
    expect((await start(staff)).status).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/support/sessions', headers: { origin: ORIGIN }, payload: { type: 'chat' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('puts an emergency ahead of everyone who waits', async () => {
    await everyoneAway();
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    const a = await start(first, { type: 'chat', topic: 'water' });
    const b = await start(second, { type: 'voice', topic: 'medical' });
    expect(b.body.emergency).toBe(true);
    expect(b.body.queuePosition).toBe(1);
    expect((await call('GET', `/api/support/sessions/${a.body.id}`, first)).body.queuePosition).toBe(2);
    await endAllSessions();
  });

  it('moves a passenger whose first words are an emergency to the front', async () => {
    await everyoneAway();
    const calm = await createUser(t.app);
    const urgent = await createUser(t.app);
    await start(calm, { type: 'chat', topic: 'catering' });
    const s = (await start(urgent, { type: 'chat' })).body;
    expect(s).toMatchObject({ emergency: false, queuePosition: 2 });
    await call('POST', `/api/support/sessions/${s.id}/messages`, urgent, { body: 'My father collapsed and is not breathing, we need a doctor now' });
    expect((await call('GET', `/api/support/sessions/${s.id}`, urgent)).body).toMatchObject({ emergency: true, queuePosition: 1 });
    await endAllSessions();
  });
});

describe('queue, offers and acceptance', () => {
  it('offers the longest-waiting passenger to the free agent, who accepts; the others move up', async () => {
    await everyoneAway();
    const agent = await createUser(t.app, 'staff');
    const p1 = await createUser(t.app);
    const p2 = await createUser(t.app);
    const s1 = (await start(p1, { type: 'chat', message: 'My berth light is broken' })).body as SupportSession;
    const s2 = (await start(p2)).body as SupportSession;
    expect(s2.queuePosition).toBe(2);
    expect(s2.estimatedWaitSeconds).toBeNull();

    // Capacity 1: the agent is offered only the first.
    expect((await setAgent(agent, 'available', 1)).body).toMatchObject({ status: 'available', capacity: 1, activeChats: 0 });
    const offered = await sessionRow(s1.id);
    expect(offered.offeredTo).toBe(agent.id);
    expect((await sessionRow(s2.id)).offeredTo).toBeNull();
    const mine = await call('GET', '/api/support/sessions?scope=mine', agent);
    expect(mine.body.items.map((s: SupportSession) => s.id)).toEqual([s1.id]);
    expect(mine.body.items[0].offer.agentId).toBe(agent.id);

    const accepted = await call('POST', `/api/support/sessions/${s1.id}/accept`, agent);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'active', agent: { id: agent.id } });
    // The second passenger is now first, with an estimate learnt from the first wait.
    const waiting = (await call('GET', `/api/support/sessions/${s2.id}`, p2)).body;
    expect(waiting.queuePosition).toBe(1);
    expect(waiting.estimatedWaitSeconds).toEqual(expect.any(Number));
    // At capacity: taking another is refused.
    expect((await call('POST', `/api/support/sessions/${s2.id}/accept`, agent)).status).toBe(409);

    // Both sides chat; the agent sees the passenger's complaints at hand.
    const detail = await call('GET', `/api/support/sessions/${s1.id}`, agent);
    expect(detail.body.context).toMatchObject({ complaints: [] });
    expect((await call('GET', `/api/support/sessions/${s1.id}`, p1)).body.context).toBeNull();
    const reply = await call('POST', `/api/support/sessions/${s1.id}/messages`, agent, { body: 'The electrician is on the way.' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ sender: 'agent', seq: 3 });
    const note = await call('POST', `/api/support/sessions/${s1.id}/messages`, agent, { body: 'Coach B2 electrician informed', internal: true });
    expect(note.body.internal).toBe(true);
    // The passenger never sees the internal note.
    const theirs = await call('GET', `/api/support/sessions/${s1.id}/messages?after=0`, p1);
    expect(theirs.body.items.map((m: { sender: string }) => m.sender)).toEqual(['passenger', 'system', 'agent']);
    expect((await call('POST', `/api/support/sessions/${s1.id}/messages`, p1, { body: 'secret', internal: true })).status).toBe(403);

    // End frees the agent, who is offered the next passenger.
    const ended = await call('POST', `/api/support/sessions/${s1.id}/end`, p1);
    expect(ended.body).toMatchObject({ status: 'ended', endReason: 'passenger' });
    expect((await sessionRow(s2.id)).offeredTo).toBe(agent.id);
    expect((await call('POST', `/api/support/sessions/${s1.id}/messages`, p1, { body: 'hello?' })).status).toBe(409);

    // Rating once, only by the passenger, only once ended; the agent's rating follows.
    expect((await call('POST', `/api/support/sessions/${s1.id}/rating`, p1, { rating: 6 })).status).toBe(400);
    expect((await call('POST', `/api/support/sessions/${s1.id}/rating`, agent, { rating: 5 })).status).toBe(403);
    expect((await call('POST', `/api/support/sessions/${s1.id}/rating`, p1, { rating: 4, comment: 'Quick help' })).body).toMatchObject({ rating: 4, ratingComment: 'Quick help' });
    expect((await call('POST', `/api/support/sessions/${s1.id}/rating`, p1, { rating: 5 })).status).toBe(409);
    const agents = (await call('GET', '/api/support/agents', agent)).body as { id: string; rating: number; ratings: number }[];
    expect(agents.find((a) => a.id === agent.id)).toMatchObject({ rating: 4, ratings: 1 });
    await endAllSessions();
  });

  it("honours the passenger's pick of agent when that agent has room", async () => {
    await everyoneAway();
    const a = await createUser(t.app, 'staff');
    const b = await createUser(t.app, 'staff');
    await setAgent(a, 'available');
    await setAgent(b, 'available');
    const p = await createUser(t.app);
    const picks = (await call('GET', '/api/support/agents', p)).body as { id: string }[];
    expect(picks.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const s = (await start(p, { type: 'chat', agentId: b.id })).body;
    expect((await sessionRow(s.id)).offeredTo).toBe(b.id);
    await endAllSessions();
  });

  it('passes a declined or lapsed offer to the next agent, never back to the one who let it go', async () => {
    await everyoneAway();
    const a = await createUser(t.app, 'staff');
    const b = await createUser(t.app, 'staff');
    await setAgent(a, 'available');
    const p = await createUser(t.app);
    const s = (await start(p)).body;
    expect((await sessionRow(s.id)).offeredTo).toBe(a.id);
    // Someone else cannot decline a's offer.
    expect((await call('POST', `/api/support/sessions/${s.id}/decline`, b)).status).toBe(404);
    await setAgent(b, 'available');
    // The offer lapses (30 s): the sweep hands it to b.
    await t.database.db.update(supportSession).set({ offerExpiresAt: sql`now() - interval '1 second'` }).where(eq(supportSession.id, s.id));
    await t.app.services.support.sweep();
    const moved = await sessionRow(s.id);
    expect(moved.offeredTo).toBe(b.id);
    expect(moved.declinedBy).toContain(a.id);
    expect((await call('POST', `/api/support/sessions/${s.id}/decline`, b)).status).toBe(200);
    expect((await sessionRow(s.id)).offeredTo).toBeNull();
    // Nobody left who has not let it go: it waits, still in the queue.
    expect((await call('GET', `/api/support/sessions/${s.id}`, p)).body).toMatchObject({ status: 'waiting', queuePosition: 1 });
    await endAllSessions();
  });

  it('transfers to a named agent or back to the queue; only the holder may', async () => {
    await everyoneAway();
    const a = await createUser(t.app, 'staff');
    const b = await createUser(t.app, 'staff');
    await setAgent(a, 'available');
    const p = await createUser(t.app);
    const s = (await start(p)).body;
    await call('POST', `/api/support/sessions/${s.id}/accept`, a);
    expect((await call('POST', `/api/support/sessions/${s.id}/transfer`, b, {})).status).toBe(404);
    expect((await call('POST', `/api/support/sessions/${s.id}/transfer`, a, { agentId: a.id })).status).toBe(400);
    const moved = await call('POST', `/api/support/sessions/${s.id}/transfer`, a, { agentId: b.id });
    expect(moved.body).toMatchObject({ status: 'waiting', agent: null, offer: { agentId: b.id } });
    expect((await call('POST', `/api/support/sessions/${s.id}/accept`, b)).body).toMatchObject({ status: 'active', agent: { id: b.id } });
    const back = await call('POST', `/api/support/sessions/${s.id}/transfer`, b, {});
    expect(back.body).toMatchObject({ status: 'waiting', agent: null });
    const messages = (await call('GET', `/api/support/sessions/${s.id}/messages`, p)).body.items.map((m: { body: string }) => m.body);
    expect(messages.some((m: string) => m.includes('went back to the queue'))).toBe(true);
    await endAllSessions();
  });
});

describe('messages', () => {
  it('stores a message sent twice with the same clientId once, and answers what was missed after a seq', async () => {
    await everyoneAway();
    const p = await createUser(t.app);
    const s = (await start(p)).body;
    const first = await call('POST', `/api/support/sessions/${s.id}/messages`, p, { body: 'Typed in a tunnel', clientId: 'c-1' });
    const retry = await call('POST', `/api/support/sessions/${s.id}/messages`, p, { body: 'Typed in a tunnel', clientId: 'c-1' });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    await call('POST', `/api/support/sessions/${s.id}/messages`, p, { body: 'Second', clientId: 'c-2' });
    const missed = await call('GET', `/api/support/sessions/${s.id}/messages?after=${first.body.seq}`, p);
    expect(missed.body.items.map((m: { body: string }) => m.body)).toEqual(['Second']);
    expect(missed.body.lastSeq).toBe(first.body.seq + 1);
    expect((await call('POST', `/api/support/sessions/${s.id}/messages`, p, { body: '   ' })).status).toBe(400);
    await endAllSessions();
  });

  it('keeps every session private: others hear 404', async () => {
    await everyoneAway();
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const s = (await start(owner)).body;
    for (const [method, url, body] of [
      ['GET', `/api/support/sessions/${s.id}`],
      ['GET', `/api/support/sessions/${s.id}/messages`],
      ['POST', `/api/support/sessions/${s.id}/messages`, { body: 'hi' }],
      ['POST', `/api/support/sessions/${s.id}/end`],
      ['POST', `/api/support/sessions/${s.id}/leave-message`],
      ['GET', `/api/support/sessions/${s.id}/complaint-draft`],
    ] as const) {
      expect((await call(method, url, other, body)).status, `${method} ${url}`).toBe(404);
    }
    // A staff member who does not hold it may see it in the queue, but not write in it.
    const staff = await createUser(t.app, 'staff');
    expect((await call('GET', `/api/support/sessions/${s.id}`, staff)).status).toBe(200);
    expect((await call('POST', `/api/support/sessions/${s.id}/messages`, staff, { body: 'hi' })).status).toBe(404);
    await endAllSessions();
  });

  it('re-encodes a photo and lets only the two sides of the chat see it', async () => {
    await everyoneAway();
    const agent = await createUser(t.app, 'staff');
    await setAgent(agent, 'available');
    const p = await createUser(t.app);
    const stranger = await createUser(t.app);
    const s = (await start(p)).body;
    await call('POST', `/api/support/sessions/${s.id}/accept`, agent);
    const big = await png(3000, 2000);
    const boundary = '----rm';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      big,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/support/sessions/${s.id}/photos`,
      headers: { origin: ORIGIN, cookie: agent.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const photoUrl = res.json().photoUrl as string;
    const seen = await t.app.inject({ url: photoUrl, headers: { cookie: p.cookie } });
    expect(seen.statusCode).toBe(200);
    const meta = await sharp(seen.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1600);
    expect((await t.app.inject({ url: photoUrl, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    const notImage = await t.app.inject({
      method: 'POST',
      url: `/api/support/sessions/${s.id}/photos`,
      headers: { origin: ORIGIN, cookie: p.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`),
    });
    expect(notImage.statusCode).toBe(400);
    await endAllSessions();
  });

  it('marks what each side received and read, never beyond the last message', async () => {
    await everyoneAway();
    const agent = await createUser(t.app, 'staff');
    await setAgent(agent, 'available');
    const p = await createUser(t.app);
    const s = (await start(p, { type: 'chat', message: 'Hello' })).body;
    await call('POST', `/api/support/sessions/${s.id}/accept`, agent);
    await call('POST', `/api/support/sessions/${s.id}/seen`, agent, { seq: 1, read: false });
    let view = (await call('GET', `/api/support/sessions/${s.id}`, p)).body;
    expect(view.delivered.agent).toBe(1);
    expect(view.read.agent).toBe(0);
    await call('POST', `/api/support/sessions/${s.id}/seen`, agent, { seq: 99, read: true });
    view = (await call('GET', `/api/support/sessions/${s.id}`, p)).body;
    expect(view.read.agent).toBe(view.lastSeq);
    await endAllSessions();
  });
});

describe('when nobody can answer', () => {
  it('lets the passenger leave a message; the reply reaches them in the bell and by SMS', async () => {
    await everyoneAway();
    const p = await createUser(t.app);
    await t.database.db.update(user).set({ phone: '+919876543210' }).where(eq(user.id, p.id));
    const s = (await start(p, { type: 'chat', message: 'Refund for cancelled train 12951?' })).body;
    const left = await call('POST', `/api/support/sessions/${s.id}/leave-message`, p);
    expect(left.body).toMatchObject({ status: 'waiting', leftMessage: true, queuePosition: null });
    const agent = await createUser(t.app, 'staff');
    const messages = await call('GET', '/api/support/sessions?scope=messages', agent);
    expect(messages.body.items.map((x: SupportSession) => x.id)).toContain(s.id);
    expect((await call('GET', '/api/support/overview', agent)).body.leftMessages).toBeGreaterThanOrEqual(1);
    await call('POST', `/api/support/sessions/${s.id}/accept`, agent);
    await call('POST', `/api/support/sessions/${s.id}/messages`, agent, { body: 'Your refund is automatic within 7 days.' });
    await expect.poll(async () => (await call('GET', '/api/notifications', p)).body.items.map((n: { kind: string }) => n.kind)).toContain('support_reply');
    await expect.poll(async () => (await lastMessageTo(t.app, '+919876543210'))?.body ?? '').toContain('replied to your message');
    await endAllSessions();
  });
});

describe('idle and absent', () => {
  it('reminds a silent passenger after 3 minutes and closes after 6', async () => {
    await everyoneAway();
    const agent = await createUser(t.app, 'staff');
    await setAgent(agent, 'available');
    const p = await createUser(t.app);
    const s = (await start(p)).body;
    await call('POST', `/api/support/sessions/${s.id}/accept`, agent);
    await call('POST', `/api/support/sessions/${s.id}/messages`, agent, { body: 'Which coach are you in?' });
    await t.database.db.update(supportSession).set({ agentSpokeAt: sql`now() - interval '200 seconds'` }).where(eq(supportSession.id, s.id));
    await t.app.services.support.sweep();
    const reminded = await call('GET', `/api/support/sessions/${s.id}/messages`, p);
    expect(reminded.body.items.at(-1).body).toContain('Are you still there?');
    await t.database.db.update(supportSession).set({ agentSpokeAt: sql`now() - interval '400 seconds'` }).where(eq(supportSession.id, s.id));
    await t.app.services.support.sweep();
    expect((await call('GET', `/api/support/sessions/${s.id}`, p)).body).toMatchObject({ status: 'ended', endReason: 'idle' });
  });

  it('closes a session both sides left 5 minutes ago, and sets an agent unseen for 2 minutes Away', async () => {
    await everyoneAway();
    const agent = await createUser(t.app, 'staff');
    await setAgent(agent, 'available');
    const p = await createUser(t.app);
    const s = (await start(p)).body;
    await call('POST', `/api/support/sessions/${s.id}/accept`, agent);
    await t.database.db
      .update(supportSession)
      .set({ passengerSeenAt: sql`now() - interval '6 minutes'`, agentSeenAt: sql`now() - interval '6 minutes'` })
      .where(eq(supportSession.id, s.id));
    await t.database.db.update(supportAgent).set({ lastSeenAt: sql`now() - interval '3 minutes'` }).where(eq(supportAgent.userId, agent.id));
    await t.app.services.support.sweep();
    expect((await call('GET', `/api/support/sessions/${s.id}`, p)).body).toMatchObject({ status: 'ended', endReason: 'abandoned' });
    expect((await call('GET', '/api/support/agent', agent)).body.status).toBe('away');
  });
});

describe('agents, overview and complaints', () => {
  it('checks presence and capacity, and lets only staff set them', async () => {
    const staff = await createUser(t.app, 'staff');
    const p = await createUser(t.app);
    expect((await setAgent(staff, 'busy', 11)).status).toBe(400);
    expect((await setAgent(staff, 'busy', 0)).status).toBe(400);
    expect((await call('PUT', '/api/support/agent', staff, { status: 'sleeping' })).status).toBe(400);
    expect((await setAgent(p, 'available')).status).toBe(403);
    expect((await call('GET', '/api/support/overview', p)).status).toBe(403);
    expect((await setAgent(staff, 'busy', 5)).body).toMatchObject({ status: 'busy', capacity: 5 });
    // Passengers only see agents who can take them now.
    const visible = (await call('GET', '/api/support/agents', p)).body as { id: string }[];
    expect(visible.map((a) => a.id)).not.toContain(staff.id);
  });

  it('counts sessions, waiting passengers, agents and today’s average wait from the database', async () => {
    await everyoneAway();
    await endAllSessions();
    const agent = await createUser(t.app, 'admin');
    const before = (await call('GET', '/api/support/overview', agent)).body;
    await setAgent(agent, 'available', 2);
    const p1 = await createUser(t.app);
    const p2 = await createUser(t.app);
    const s1 = (await start(p1)).body;
    await start(p2);
    await call('POST', `/api/support/sessions/${s1.id}/accept`, agent);
    const after = (await call('GET', '/api/support/overview', agent)).body;
    expect(after).toMatchObject({ activeSessions: 1, availableAgents: 1, sessionsToday: before.sessionsToday + 2 });
    expect(after.averageWaitSeconds).toEqual(expect.any(Number));
    // Admins see every active session.
    expect((await call('GET', '/api/support/sessions?scope=active', agent)).body.items.map((x: SupportSession) => x.id)).toContain(s1.id);
    await endAllSessions();
  });

  it('drafts a complaint from the chat and links the filed complaint, which staff then see', async () => {
    await everyoneAway();
    const p = await createUser(t.app);
    const s = (await start(p, { type: 'chat', message: 'Toilet in coach S3 is very dirty, train 12951, PNR 4512345678' })).body;
    const draft = await call('GET', `/api/support/sessions/${s.id}/complaint-draft`, p);
    expect(draft.body).toMatchObject({ trainNumber: '12951', pnr: '4512345678', type: expect.any(String) });
    expect(draft.body.description).toContain('Toilet in coach S3');
    const filed = await createComplaint(t.app, p.cookie, { type: 'coach-cleanliness', description: draft.body.description });
    const reference = filed.reference;
    expect((await call('POST', `/api/support/sessions/${s.id}/link-complaint`, p, { reference })).body.complaintReference).toBe(reference);
    const other = await createUser(t.app);
    expect((await call('POST', `/api/support/sessions/${s.id}/link-complaint`, other, { reference })).status).toBe(404);
    const staff = await createUser(t.app, 'staff');
    const linked = await call('GET', `/api/complaints/${reference}/support-sessions`, staff);
    expect(linked.body.items.map((x: SupportSession) => x.id)).toEqual([s.id]);
    expect((await call('GET', `/api/complaints/${reference}/support-sessions`, p)).status).toBe(403);
    await endAllSessions();
  });

  it('gives ICE servers to signed-in users only', async () => {
    const p = await createUser(t.app);
    expect((await call('GET', '/api/support/ice-servers', p)).body).toEqual({ iceServers: [] });
    expect((await call('GET', '/api/support/ice-servers', null)).status).toBe(401);
  });
});

