import { config } from 'zod';

// zod 4 probes `new Function` once to compile fast parsers; our Content-Security-Policy forbids eval, so the probe
// only produces a CSP violation report. Parse without it. Imported for its effect by every module that parses.
config({ jitless: true });
