import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { TextField } from './field';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search field that keeps its own text while the person types and reports it once they pause,
 * so a list asks the server once, not per key. When the query changes from outside (the back
 * button, a shared link, "Clear filters"), the field shows it.
 */
export function SearchBox({ q, onSearch, label, placeholder }: { q: string; onSearch: (q: string) => void; label: string; placeholder?: string }) {
  const [text, setText] = useState(q);
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const sent = useRef(q);
  const report = useRef(onSearch);
  report.current = onSearch;
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    report.current(settled);
  }, [settled]);
  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);
  return (
    <TextField
      label={label}
      type="search"
      value={text}
      maxLength={100}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      autoComplete="off"
      enterKeyHint="search"
    />
  );
}
