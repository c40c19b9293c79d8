export type Tree = { [key: string]: unknown };

/** Deep-merges a language's files (one per feature: common.json, complaints.json, …) into one bundle. */
export function mergeBundles(parts: Tree[]): Tree {
  const out: Tree = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = out[key];
      out[key] =
        existing && typeof existing === 'object' && value && typeof value === 'object' && !Array.isArray(value)
          ? mergeBundles([existing as Tree, value as Tree])
          : value;
    }
  }
  return out;
}

/** Groups `./<lang>/<file>.json` (or `screens.ts`) paths by language. */
export function byLanguage<T>(files: Record<string, T>): Record<string, T[]> {
  const out: Record<string, T[]> = {};
  for (const [path, value] of Object.entries(files)) {
    const lang = /\/([a-z]{2})\/[^/]+\.(json|ts)$/.exec(path)?.[1];
    if (!lang) continue;
    out[lang] ??= [];
    out[lang].push(value);
  }
  return out;
}
