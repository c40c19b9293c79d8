import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security';

describe('inlineScriptHashes', () => {
  it('allows the inline scripts of the page by their hash, and no script that has a source', () => {
    const code = "document.documentElement.lang = 'hi';";
    const html = `<head><script data-early='{"hi":["/a.js"]}'>${code}</script><script type="module" crossorigin src="/assets/index.js"></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${createHash('sha256').update(code).digest('base64')}'`]);
    expect(inlineScriptHashes('<script src="/theme-init.js"></script>')).toEqual([]);
  });
});
