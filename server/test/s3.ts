import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { S3Options } from '../src/providers/storage';

export type TestS3 = {
  options: S3Options;
  /** The S3_* variables that point a server at this bucket. */
  env: Record<string, string>;
  /** Requests whose signature was checked and refused, as a count. */
  refused: () => number;
  stop: () => Promise<void>;
};

const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3RVER';
const REGION = 'us-east-1';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * Checks a request's AWS Signature Version 4 from the published algorithm, independently of
 * the client that signed it (s3rver checks only version 2). Returns why it is refused, or null.
 */
function refuseSignature(req: IncomingMessage, body: Buffer): string | null {
  const auth = req.headers.authorization ?? '';
  const m = auth.match(/^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/);
  if (!m) return 'AccessDenied';
  const [, accessKey, date, region, signedHeaders, signature] = m;
  if (accessKey !== ACCESS_KEY) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date) || Math.abs(Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')) - Date.now()) > 15 * 60_000) return 'RequestTimeTooSkewed';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const url = new URL(req.url ?? '/', 'http://x');
  const query = [...url.searchParams]
    .map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date), region), 's3'), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature ? null : 'SignatureDoesNotMatch';
}

/**
 * An S3-compatible server on 127.0.0.1 at a free port: s3rver keeping its objects in a temporary
 * folder, with one empty bucket, behind a proxy that refuses any request not signed (SigV4)
 * with its fixed keys.
 */
export async function startS3(bucket = 'railmadad-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'railmadad-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const backend = (await s3rver.run()) as AddressInfo;
  let refused = 0;
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const refusal = refuseSignature(req, body);
      if (refusal) {
        refused += 1;
        res.writeHead(403, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal}</Code></Error>`);
        return;
      }
      const forward = request({ host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const options: S3Options = { endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: REGION };
  return {
    options,
    env: { S3_ENDPOINT: options.endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET, S3_REGION: REGION },
    refused: () => refused,
    stop: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
