import { DEFAULT_SETTINGS, isPlaceholderName, type Me, type NameStep, type ProfilePatch, type Role, type Settings, type SettingsPatch, settingsSchema } from '@railmadad/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, file, user, userSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { reencodeProfilePhoto } from '../../lib/images';
import type { StorageProvider } from '../../providers/storage';
import type { Uploads } from '../files/uploads';

export type AccountService = ReturnType<typeof createAccountService>;

/** The picture shown until a person uploads their own: one per gender, as in the original prototype. */
export const defaultAvatar = (gender: string | null) => `/avatars/${gender === 'female' ? 'female' : gender === 'male' ? 'male' : 'neutral'}.svg`;

function toSettings(row: typeof userSettings.$inferSelect | undefined): Settings {
  if (!row) return DEFAULT_SETTINGS;
  // Parsing guards against a value written by an older version of the app.
  const parsed = settingsSchema.safeParse(row);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

const STORAGE_FOLDER = { avatar: 'avatars', complaint: 'complaints', support: 'support' } as const;

export function createAccountService(deps: {
  db: Db;
  storage: StorageProvider;
  uploads: Uploads;
  /** A photo sent in a live-support chat is also the passenger's of that chat to see. */
  maySeeSupportPhoto?: (fileId: string, viewerId: string) => Promise<boolean>;
}) {
  const { db, storage, uploads } = deps;

  async function getMe(userId: string): Promise<Me> {
    const row = await db.query.user.findFirst({ where: eq(user.id, userId) });
    if (!row) throw new AppError('unauthorized');
    const [settings, credential] = await Promise.all([
      db.query.userSettings.findFirst({ where: eq(userSettings.userId, userId) }),
      db.query.account.findFirst({ where: and(eq(account.userId, userId), eq(account.providerId, 'credential')), columns: { id: true } }),
    ]);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified,
      role: row.role as Role,
      gender: row.gender === 'male' || row.gender === 'female' ? row.gender : null,
      // The number the person typed last; a phone-only account shows its verified sign-in number.
      phoneNumber: row.phone ?? row.phoneNumber ?? null,
      phoneNumberVerified: Boolean(row.phoneNumber && row.phoneNumberVerified),
      address: row.address,
      image: row.image ?? defaultAvatar(row.gender),
      twoFactorEnabled: Boolean(row.twoFactorEnabled),
      hasPassword: Boolean(credential),
      createdAt: row.createdAt.toISOString(),
      settings: toSettings(settings),
      needsName: isPlaceholderName(row.name),
    };
  }

  return {
    getMe,

    async updateProfile(userId: string, patch: ProfilePatch & { phone?: string; address?: string }) {
      await db
        .update(user)
        .set({ name: patch.name, gender: patch.gender, phone: patch.phone ?? null, address: patch.address ?? null })
        .where(eq(user.id, userId));
      return getMe(userId);
    },

    /** The name step after a phone sign-up: the name, and the gender only if one was chosen; the rest stays. */
    async setName(userId: string, step: NameStep) {
      await db
        .update(user)
        .set({ name: step.name, ...(step.gender ? { gender: step.gender } : {}) })
        .where(eq(user.id, userId));
      return getMe(userId);
    },

    async updateSettings(userId: string, patch: SettingsPatch): Promise<Settings> {
      const [row] = await db
        .insert(userSettings)
        .values({ userId, ...patch })
        .onConflictDoUpdate({ target: userSettings.userId, set: { ...patch, updatedAt: new Date() } })
        .returning();
      return toSettings(row);
    },

    /** Stores a new profile photo (re-encoded) and drops the old one. */
    async setPhoto(userId: string, upload: Buffer) {
      const image = await reencodeProfilePhoto(upload);
      const id = newId();
      const previous = await db.query.file.findMany({ where: and(eq(file.ownerId, userId), eq(file.purpose, 'avatar')), columns: { id: true } });
      const key = `avatars/${id}.jpg`;
      const replaced = previous.map((old) => ({ key: `avatars/${old.id}.jpg`, fileId: old.id }));
      await uploads.put([{ key, fileId: id, bytes: image.bytes, contentType: image.contentType }]);
      try {
        await db.transaction(async (tx) => {
          await tx.insert(file).values({ id, ownerId: userId, purpose: 'avatar', contentType: image.contentType, size: image.bytes.length, width: image.width, height: image.height });
          await tx.update(user).set({ image: `/api/files/${id}` }).where(eq(user.id, userId));
          for (const old of previous) await tx.delete(file).where(eq(file.id, old.id));
          await uploads.settle(tx, [key]);
          await uploads.retire(tx, replaced);
        });
      } catch (error) {
        await uploads.discard([key]);
        throw error;
      }
      await uploads.discard(replaced.map((r) => r.key));
      return { image: `/api/files/${id}`, width: image.width, height: image.height, size: image.bytes.length };
    },

    /** A stored file, if the viewer may see it. Avatars are visible to anyone signed in. */
    async readFile(fileId: string, viewer: { id: string; role: Role }) {
      const row = await db.query.file.findFirst({ where: eq(file.id, fileId) });
      const mayRead =
        row &&
        (row.purpose === 'avatar' ||
          row.ownerId === viewer.id ||
          viewer.role !== 'passenger' ||
          (row.purpose === 'support' && (await deps.maySeeSupportPhoto?.(row.id, viewer.id))));
      if (!row || !mayRead) throw new AppError('not_found', 'File not found.');
      const bytes = await storage.get(`${STORAGE_FOLDER[row.purpose]}/${row.id}.jpg`);
      if (!bytes) throw new AppError('not_found', 'File not found.');
      return { bytes, contentType: row.contentType };
    },

    /** Removes a person's uploaded avatars from storage before their account goes. */
    async removeUserFiles(userId: string) {
      const rows = await db.query.file.findMany({ where: and(eq(file.ownerId, userId), eq(file.purpose, 'avatar')), columns: { id: true } });
      if (!rows.length) return;
      const retired = rows.map((r) => ({ key: `avatars/${r.id}.jpg`, fileId: r.id }));
      // The rows go first: no row is left pointing at removed bytes, and bytes a failed removal leaves, the sweep takes.
      await db.transaction(async (tx) => {
        await tx.delete(file).where(inArray(file.id, rows.map((r) => r.id)));
        await uploads.retire(tx, retired);
      });
      await uploads.discard(retired.map((r) => r.key));
    },
  };
}
