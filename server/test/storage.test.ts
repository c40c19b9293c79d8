import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDiskStorage, createS3Storage, type StorageProvider } from '../src/providers/storage';
import { startS3, type TestS3 } from './s3';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startS3();
  dir = mkdtempSync(join(tmpdir(), 'railmadad-storage-'));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const jpegish = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('not really a picture, but bytes'), 0x00, 0xff, 0xd9]);

describe.each([
  ['disk', () => createDiskStorage(join(dir, 'files'))],
  ['s3', () => createS3Storage(s3.options)],
])('%s storage', (_name, make) => {
  let storage: StorageProvider;
  beforeAll(() => {
    storage = make();
  });

  it('gives back the bytes it was given, byte for byte', async () => {
    await storage.put('complaints/abc_1.jpg', jpegish, 'image/jpeg');
    expect(await storage.get('complaints/abc_1.jpg')).toEqual(jpegish);
  });

  it('replaces the bytes of a key put twice', async () => {
    await storage.put('avatars/twice.jpg', Buffer.from('first'), 'image/jpeg');
    await storage.put('avatars/twice.jpg', Buffer.from('second'), 'image/jpeg');
    expect((await storage.get('avatars/twice.jpg'))?.toString()).toBe('second');
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get('complaints/never-stored.jpg')).toBeNull();
  });

  it('removes a key, and removing it again is no error', async () => {
    await storage.put('support/gone.jpg', jpegish, 'image/jpeg');
    await storage.remove('support/gone.jpg');
    expect(await storage.get('support/gone.jpg')).toBeNull();
    await expect(storage.remove('support/gone.jpg')).resolves.toBeUndefined();
  });

  it('refuses a key that could leave its folder', async () => {
    await expect(storage.put('../escape.jpg', jpegish, 'image/jpeg')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.get('complaints/../../etc/passwd')).rejects.toThrow(/unsafe storage key/);
  });

  it('passes its check when it can be used', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('S3 storage faults', () => {
  it('fails its check, and every call, for a bucket that does not exist', async () => {
    const missing = createS3Storage({ ...s3.options, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow(/no-such-bucket.*404/);
    // A missing bucket is a fault, not a missing photo.
    await expect(missing.get('complaints/x.jpg')).rejects.toThrow(/NoSuchBucket/);
    await expect(missing.put('complaints/x.jpg', jpegish, 'image/jpeg')).rejects.toThrow(/404 NoSuchBucket/);
    await expect(missing.remove('complaints/x.jpg')).rejects.toThrow(/NoSuchBucket/);
  });

  it('is refused with the wrong secret', async () => {
    const wrong = createS3Storage({ ...s3.options, secretAccessKey: 'not-the-secret' });
    await expect(wrong.put('complaints/x.jpg', jpegish, 'image/jpeg')).rejects.toThrow(/403 SignatureDoesNotMatch/);
    await expect(wrong.get('complaints/abc_1.jpg')).rejects.toThrow(/403/);
    await expect(wrong.check()).rejects.toThrow(/403/);
  });

  it('fails its check when nothing listens at the endpoint', async () => {
    const down = createS3Storage({ ...s3.options, endpoint: 'http://127.0.0.1:9', timeoutMs: 5_000 });
    await expect(down.check()).rejects.toThrow();
  });
});

describe('disk storage faults', () => {
  it.skipIf(process.getuid?.() === 0)('fails its check in a folder it cannot write', async () => {
    const locked = mkdtempSync(join(tmpdir(), 'railmadad-locked-'));
    chmodSync(locked, 0o500);
    try {
      await expect(createDiskStorage(locked).check()).rejects.toThrow(/EACCES/);
    } finally {
      chmodSync(locked, 0o700);
      rmSync(locked, { recursive: true, force: true });
    }
  });

  it('fails its check where a file stands in for its folder', async () => {
    await expect(createDiskStorage('/dev/null/files').check()).rejects.toThrow();
  });
});

describe('S3 configuration', () => {
  const base = { DATA_DIR: tmpdir(), AUTH_SECRET: 'x'.repeat(32) };
  it('is off with no S3 variables, on with the four', () => {
    expect(loadConfig({ ...base }).s3).toBeUndefined();
    expect(loadConfig({ ...base, ...s3.env }).s3).toEqual({ ...s3.options });
    expect(loadConfig({ ...base, ...s3.env, S3_REGION: '' }).s3?.region).toBe('auto');
  });

  it('stops the start when only some are set, naming the missing ones', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'photos' })).toThrow(
      /S3_ACCESS_KEY_ID: .*go together: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing/,
    );
    expect(() => loadConfig({ ...base, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/S3_ENDPOINT, S3_BUCKET missing/);
    expect(() => loadConfig({ ...base, ...s3.env, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
