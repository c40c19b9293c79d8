/**
 * The app is written against React's API and runs on Preact's compatibility layer (vite.config.ts aliases `react` and
 * `react-dom` here and to `preact/compat`): the same components at a sixth of the bytes, which a phone on a slow line
 * feels on every first visit (docs/decisions/005-react-api-on-preact.md).
 *
 * preact/compat lacks React 19's `useOptimistic`. React Router imports it and only calls its setter inside
 * transitions it is asked for (`<RouterProvider useTransitions>`, which this app does not use), so here the optimistic
 * state is always the state passed in.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';

/** @template S @param {S} state @returns {[S, (action: unknown) => void]} */
export function useOptimistic(state) {
  return [state, () => undefined];
}
