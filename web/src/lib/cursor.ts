/** A list cursor read back from the address bar: the server checks it, this only drops what cannot be one. */
export const readCursor = (value: string | null): string | undefined => (value && value.length <= 1000 && /^[A-Za-z0-9_-]+$/.test(value) ? value : undefined);
