import { applyLeanHeap } from './leanHeap.js';

// Imported first by start.ts, so the heap settings hold before the app is built (app/leanHeap.ts says why).
export const leanHeapApplied = applyLeanHeap();
export { relaxLeanHeapForServing } from './leanHeap.js';
