import type { SupportAck, SupportMessage, SupportMessageList, SupportSession } from '@railmadad/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, hasNginx, NGINX, type Node, startCluster } from './nodes/cluster';
import { type Client, connect, EVENT_TIMEOUT_MS, nextLifecycle, type Recorder } from './nodes/sockets';

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
// Like the browser journeys: without nginx a developer's run skips this file with a notice; CI
// (which installs nginx in .ci/run) fails instead.
const missingNginx = !hasNginx && !process.env.CI;
if (redisUrl && databaseUrl && missingNginx) console.log(`support-nodes.test.ts skipped: no nginx at ${NGINX} (apt-get install -y nginx)`);

/**
 * Live support across two real server processes behind nginx, sharing PostgreSQL and Redis: the
 * passengers' sockets on node A, the agent's on node B. Offers, queue places, presence and
 * messages cross between them; when A dies mid-chat, the passenger's client reconnects through
 * nginx to B and fetches exactly what it missed.
 */
describe.skipIf(!redisUrl || !databaseUrl || missingNginx)('live support across two server processes behind a load balancer', { timeout: 60_000 }, () => {
  let cluster: Cluster;
  let a: Node;
  let b: Node;
  const sockets: Client[] = [];

  type Person = { id: string; name: string; cookie: string; node: Node; socket: Client; events: Recorder };
  let passenger: Person;
  let second: Person;
  let agent: Person;
  let agentDisconnects = 0;

  /** A request through the load balancer, landing on the person's node (while it is up). */
  async function call<T = unknown>(who: Person, method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<{ body: T; node: Node | undefined }> {
    const res = await fetch(`${cluster.url}${path}`, {
      method,
      headers: { origin: cluster.url, cookie: `${who.cookie}; ${cluster.cookieFor(who.node)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return { body: (await res.json()) as T, node: cluster.answeredBy(res) };
  }

  /**
   * An account made through the load balancer like a person's (sign-up on their node), verified
   * and given its role in the database (the e-mail link is covered elsewhere), signed in, with
   * a socket open through nginx to that node.
   */
  let made = 0;
  async function person(name: string, role: 'passenger' | 'staff', node: Node): Promise<Person> {
    made += 1;
    const email = `nodes-${role}-${made}-${Date.now().toString(36)}@example.com`;
    const password = 'two-nodes-one-chat-42';
    const headers = { origin: cluster.url, 'content-type': 'application/json', cookie: cluster.cookieFor(node) };
    const signUp = await fetch(`${cluster.url}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ name, email, gender: 'female', password, confirmPassword: password }) });
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const { rows } = await db.query('update "user" set email_verified = true, role = $2 where email = $1 returning id', [email, role]);
    await db.end();
    const signIn = await fetch(`${cluster.url}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = (signIn.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token=')) ?? '').split(';')[0];
    // Reconnects come back through nginx (to the other node when this one is gone), quickly and at a steady pace.
    const { socket, events } = await connect(cluster.url, `${cookie}; ${cluster.cookieFor(node)}`, { reconnectionDelay: 1_500, reconnectionDelayMax: 1_500, randomizationFactor: 0 });
    sockets.push(socket);
    return { id: rows[0].id, name, cookie, node, socket, events };
  }

  const send = async (who: Person, sessionId: string, body: string, clientId?: string): Promise<SupportMessage> => {
    const ack: SupportAck = await who.socket.timeout(EVENT_TIMEOUT_MS).emitWithAck('support:send', { sessionId, body, clientId });
    if (!ack.ok) throw new Error(`support:send refused: ${JSON.stringify(ack)}`);
    return ack.message;
  };

  beforeAll(async () => {
    if (!hasNginx) throw new Error(`CI needs nginx at ${NGINX}: .ci/run installs it (apt-get install -y nginx)`);
    cluster = await startCluster(redisUrl as string);
    [a, b] = cluster.nodes;
    passenger = await person('Asha Verma', 'passenger', a);
    second = await person('Ravi Kumar', 'passenger', a);
    agent = await person('Agent Meera', 'staff', b);
    agent.socket.on('disconnect', () => {
      agentDisconnects += 1;
    });
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await cluster?.stop();
  }, 60_000);

  let sessionId: string;
  let secondSessionId: string;
  /** The highest seq the passenger's screen has, and everything it has been shown, by seq. */
  let lastSeq = 0;
  const shown = new Map<number, SupportMessage>();
  const show = (m: SupportMessage) => {
    expect(shown.get(m.seq) ?? m).toEqual(m); // never two different messages with one seq
    shown.set(m.seq, m);
    lastSeq = Math.max(lastSeq, m.seq);
  };

  it('lands each client on the node its cookie names', async () => {
    expect((await call(passenger, 'GET', '/api/me')).node).toBe(a);
    expect((await call(agent, 'GET', '/api/me')).node).toBe(b);
  });

  it('shows an agent set Available through node B to a passenger on node A', async () => {
    const set = await call(agent, 'PUT', '/api/support/agent', { status: 'available', capacity: 2 });
    expect(set).toMatchObject({ node: b, body: { status: 'available', capacity: 2, activeChats: 0 } });
    const agents = await call(passenger, 'GET', '/api/support/agents');
    expect(agents.node).toBe(a);
    expect(agents.body).toEqual([expect.objectContaining({ id: agent.id, name: 'Agent Meera', status: 'available' })]);
  });

  it('offers a passenger who starts on node A to the agent on node B, and pushes queue places across', async () => {
    const agentMark = agent.events.mark();
    const started = await call(passenger, 'POST', '/api/support/sessions', { type: 'chat', topic: 'water' });
    const session = started.body as SupportSession;
    sessionId = session.id;
    expect(started.node).toBe(a);
    // Offered at once (load 1 of 2): the agent still has room, so the passenger sees one Available.
    expect(session).toMatchObject({ status: 'waiting', queuePosition: 1, availableAgents: 1 });
    expect(await agent.events.waitFor('support:offer', (s) => s.id === sessionId, agentMark)).toMatchObject({ passenger: { id: passenger.id, name: 'Asha Verma' } });

    const secondStart = (await call(second, 'POST', '/api/support/sessions', { type: 'chat' })).body as SupportSession;
    secondSessionId = secondStart.id;
    expect(secondStart.queuePosition).toBe(2);
    await agent.events.waitFor('support:offer', (s) => s.id === secondSessionId, agentMark);

    // The agent accepts the first through B: the first passenger (on A) hears it is active, the second moves up.
    const passengerMark = passenger.events.mark();
    const secondMark = second.events.mark();
    expect((await call(agent, 'POST', `/api/support/sessions/${sessionId}/accept`)).node).toBe(b);
    const active = await passenger.events.waitFor('support:session', (s) => s.id === sessionId && s.status === 'active', passengerMark);
    expect(active.agent).toEqual({ id: agent.id, name: 'Agent Meera' });
    expect(await second.events.waitFor('support:session', (s) => s.id === secondSessionId && s.queuePosition === 1, secondMark)).toMatchObject({ status: 'waiting' });
    show(await passenger.events.waitFor('support:message', (m) => m.sessionId === sessionId && m.sender === 'system', passengerMark));
    expect(lastSeq).toBe(1);
  });

  it('carries messages both ways between the nodes, with their seq', async () => {
    for (let i = 1; i <= 3; i++) {
      const agentMark = agent.events.mark();
      const passengerMark = passenger.events.mark();
      const mine = await send(passenger, sessionId, `Passenger message ${i}`, `p-${i}`);
      expect(mine.seq).toBe(lastSeq + 1);
      expect(await agent.events.waitFor('support:message', (m) => m.id === mine.id, agentMark)).toEqual(mine);
      show(await passenger.events.waitFor('support:message', (m) => m.id === mine.id, passengerMark));
      const reply = await send(agent, sessionId, `Agent reply ${i}`);
      expect(reply.seq).toBe(mine.seq + 1);
      expect(await passenger.events.waitFor('support:message', (m) => m.id === reply.id, passengerMark)).toEqual(reply);
      show(reply);
    }
    expect(lastSeq).toBe(7);
  });

  it('survives node A dying mid-chat: the client reconnects through nginx to B and fetches exactly what it missed', async () => {
    const hadBeforeKill = lastSeq;
    // Both passengers' sockets were on A (the agent's, on B, stays up: checked at the end).
    const dropped = [nextLifecycle(passenger.socket, 'disconnect'), nextLifecycle(second.socket, 'disconnect')];
    const back = nextLifecycle(passenger.socket, 'connect', 30_000);
    back.catch(() => undefined); // awaited below; a failure before that must not also be an unhandled rejection
    const liveMark = passenger.events.mark();
    await a.kill();
    await Promise.all(dropped);

    // While A is down the agent (on B) keeps writing.
    const meanwhile: SupportMessage[] = [];
    for (let i = 1; i <= 3; i++) meanwhile.push(await send(agent, sessionId, `Sent while you were away ${i}`));
    expect(meanwhile.map((m) => m.seq)).toEqual([hadBeforeKill + 1, hadBeforeKill + 2, hadBeforeKill + 3]);

    // The client is back (nginx found A refusing and chose B); it asks for everything after the last seq it has.
    await back;
    expect(passenger.socket.connected).toBe(true);
    const missed = await call<SupportMessageList>(passenger, 'GET', `/api/support/sessions/${sessionId}/messages?after=${hadBeforeKill}`);
    expect(missed.node).toBe(b);
    expect(missed.body.items).toEqual(meanwhile);
    expect(missed.body.lastSeq).toBe(hadBeforeKill + 3);
    // Whatever reached the socket live after the reconnect is among them, never something else.
    for (const m of passenger.events.all('support:message', liveMark)) expect(meanwhile).toContainEqual(m);
    for (const m of [...missed.body.items, ...passenger.events.all('support:message', liveMark)]) show(m);

    // The conversation goes on, now both on B.
    const agentMark = agent.events.mark();
    const passengerMark = passenger.events.mark();
    const again = await send(passenger, sessionId, 'I am back, thank you', 'p-after');
    expect(again.seq).toBe(hadBeforeKill + 4);
    expect(await agent.events.waitFor('support:message', (m) => m.id === again.id, agentMark)).toEqual(again);
    show(again);
    const answer = await send(agent, sessionId, 'Glad to hear it');
    expect(await passenger.events.waitFor('support:message', (m) => m.id === answer.id, passengerMark)).toEqual(answer);
    show(answer);

    // Nothing lost, nothing twice: what the screen has is the transcript, 1…N.
    const transcript = await call<SupportMessageList>(passenger, 'GET', `/api/support/sessions/${sessionId}/messages?after=0`);
    expect([...shown.keys()].sort((x, y) => x - y)).toEqual(transcript.body.items.map((m) => m.seq));
    expect(transcript.body.items.map((m) => m.seq)).toEqual(Array.from({ length: hadBeforeKill + 5 }, (_, i) => i + 1));
    expect(transcript.body.items).toEqual([...shown.values()].sort((x, y) => x.seq - y.seq));
    // The agent, on B all along, never lost their connection.
    expect(agentDisconnects).toBe(0);
  });
});
