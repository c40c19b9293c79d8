import type { Role } from '@railmadad/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user, userSettings } from '../db/schema';
import type { Auth } from './auth';

/**
 * Creates a verified account with the given role, or gives an existing account that role.
 * Used for the first admin (ADMIN_EMAIL at start, `npm run admin`) and by tests.
 * An existing account keeps its password.
 */
export async function ensureAccount(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; name?: string; role: Role },
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await db.query.user.findFirst({ where: eq(user.email, email), columns: { id: true } });
  if (existing) {
    await db.update(user).set({ role: input.role, emailVerified: true }).where(eq(user.id, existing.id));
    return { id: existing.id, created: false };
  }
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const created = await ctx.internalAdapter.createUser({
    email,
    name: input.name ?? email.split('@')[0],
    emailVerified: true,
    role: input.role,
  }, { method: 'email-password' });
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: 'credential', accountId: created.id, password: hash });
  await db.update(user).set({ role: input.role }).where(eq(user.id, created.id));
  await db.insert(userSettings).values({ userId: created.id }).onConflictDoNothing();
  return { id: created.id, created: true };
}
