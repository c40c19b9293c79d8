import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AwsClient } from 'aws4fetch';

/** Where uploaded bytes live. DATA_DIR by default, or an S3 bucket; the database keeps who may read them. */
export type StorageProvider = {
  name: string;
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get: (key: string) => Promise<Buffer | null>;
  /** Removing a key that is not there is not an error. */
  remove: (key: string) => Promise<void>;
  /** Throws when the storage cannot be used now (readiness checks call it). */
  check: () => Promise<void>;
};

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

export function createDiskStorage(root: string): StorageProvider {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    name: 'disk',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async check() {
      // Writing is what uploads need: a read-only or full disk fails here, not at the first photo.
      await mkdir(root, { recursive: true });
      const probe = join(root, `.check-${randomBytes(6).toString('hex')}`);
      await writeFile(probe, '');
      await rm(probe, { force: true });
    },
  };
}

export type S3Options = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Per request, retries included. */
  timeoutMs?: number;
};

/**
 * Any S3-compatible service (AWS S3, MinIO, Cloudflare R2…) over fetch, signed with SigV4.
 * Path-style addresses (endpoint/bucket/key): every such service accepts them, where
 * bucket-named host names need DNS that a self-hosted MinIO seldom has.
 */
export function createS3Storage(options: S3Options): StorageProvider {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    // aws4fetch retries 5xx and network errors itself; ten tries would hold a request for ~50 s.
    retries: 2,
  });
  const endpoint = new URL(options.endpoint);
  const base = `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => {
    assertSafeKey(key);
    return `${base}/${key}`;
  };
  const timeoutMs = options.timeoutMs ?? 30_000;
  const request = (url: string, init: RequestInit = {}) => client.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const fail = async (what: string, res: Response): Promise<never> => {
    const body = await res.text().catch(() => '');
    const code = body.match(/<Code>([^<]*)<\/Code>/)?.[1];
    throw new Error(`S3 ${what}: ${res.status}${code ? ` ${code}` : ''}`);
  };

  return {
    name: 's3',
    async put(key, bytes, contentType) {
      const res = await request(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        headers: {
          'content-type': contentType,
          // A signed payload hash: the service refuses bytes changed on the way.
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!res.ok) await fail(`PUT ${key}`, res);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await request(urlOf(key));
      if (res.status === 404) {
        // A missing bucket is a fault to report, not a missing photo.
        if ((await res.text().catch(() => '')).includes('NoSuchBucket')) throw new Error(`S3 GET ${key}: 404 NoSuchBucket`);
        return null;
      }
      if (!res.ok) return fail(`GET ${key}`, res);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      const res = await request(urlOf(key), { method: 'DELETE' });
      // S3 answers 204 for a key that is not there; some compatible services answer 404 (NoSuchKey).
      if (res.status === 404) {
        if ((await res.text().catch(() => '')).includes('NoSuchBucket')) throw new Error(`S3 DELETE ${key}: 404 NoSuchBucket`);
        return;
      }
      if (!res.ok) await fail(`DELETE ${key}`, res);
      await res.body?.cancel();
    },
    async check() {
      const res = await request(base, { method: 'HEAD' });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`S3 bucket ${options.bucket} at ${endpoint.origin}: HEAD answered ${res.status}`);
    },
  };
}
