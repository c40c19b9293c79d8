import { setAutoFreeze } from 'immer';

/**
 * Recharts keeps chart elements in a Redux store whose updates (Immer) freeze everything stored, elements included.
 * Preact, which runs this app (docs/decisions/005-react-api-on-preact.md), writes its bookkeeping onto the elements
 * it renders, so a frozen one breaks the whole screen. Every chart module imports this before drawing.
 */
setAutoFreeze(false);
