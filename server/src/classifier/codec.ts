import type { Head, Model } from './model';

/**
 * A model as bytes, for the database: "RMC1", a JSON header, then for each head the buckets a
 * document ever touched (most of the 2^bits are zero) with their weights as 16-bit integers
 * scaled by the head's largest weight, and the biases as floats.
 */
const MAGIC = 'RMC1';
const HEADS = ['category', 'emergency', 'severity'] as const;

type Header = Omit<Model, (typeof HEADS)[number]> & { heads: { labels: readonly string[]; rows: number; scale: number }[] };

function touchedRows(head: Head): number[] {
  const k = head.labels.length;
  const rows: number[] = [];
  for (let row = 0; row * k < head.weights.length; row++) {
    for (let c = 0; c < k; c++) {
      if (head.weights[row * k + c] !== 0) {
        rows.push(row);
        break;
      }
    }
  }
  return rows;
}

export function encodeModel(model: Model): Buffer {
  const parts: Buffer[] = [];
  const heads: Header['heads'] = [];
  for (const name of HEADS) {
    const head = model[name];
    const k = head.labels.length;
    const rows = touchedRows(head);
    let max = 0;
    for (const w of head.weights) max = Math.max(max, Math.abs(w));
    const scale = max / 32767 || 1;
    const index = new Uint32Array(rows);
    const values = new Int16Array(rows.length * k);
    rows.forEach((row, r) => {
      for (let c = 0; c < k; c++) values[r * k + c] = Math.round(head.weights[row * k + c] / scale);
    });
    parts.push(Buffer.from(index.buffer), Buffer.from(values.buffer), Buffer.from(new Float32Array(head.bias).buffer));
    heads.push({ labels: head.labels, rows: rows.length, scale });
  }
  const { category: _c, emergency: _e, severity: _s, ...rest } = model;
  const header = Buffer.from(JSON.stringify({ ...rest, heads } satisfies Header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  return Buffer.concat([Buffer.from(MAGIC), length, header, ...parts]);
}

export function decodeModel(bytes: Uint8Array): Model {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, 4).toString() !== MAGIC) throw new Error('Not a classifier model');
  const headerLength = buffer.readUInt32LE(4);
  const header = JSON.parse(buffer.subarray(8, 8 + headerLength).toString()) as Header;
  let offset = 8 + headerLength;
  // Copy each part out: typed arrays need aligned offsets, the buffer's are arbitrary.
  const take = (bytes: number) => {
    const part = new Uint8Array(bytes);
    part.set(buffer.subarray(offset, offset + bytes));
    offset += bytes;
    return part.buffer;
  };
  const size = 1 << header.features.bits;
  const heads = header.heads.map(({ labels, rows, scale }) => {
    const k = labels.length;
    const index = new Uint32Array(take(rows * 4));
    const values = new Int16Array(take(rows * k * 2));
    const bias = new Float32Array(take(k * 4));
    const weights = new Float32Array(size * k);
    for (let r = 0; r < rows; r++) {
      const base = index[r] * k;
      for (let c = 0; c < k; c++) weights[base + c] = values[r * k + c] * scale;
    }
    return { labels, weights, bias } satisfies Head;
  });
  const { heads: _h, ...rest } = header;
  return { ...rest, category: heads[0], emergency: heads[1], severity: heads[2] };
}
