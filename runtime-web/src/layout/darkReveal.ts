/** Light/dark switch with the 400 ms circular reveal of docs/reference/product-spec.md §1 (View Transitions API where the browser has it). */
export const REVEAL_MS = 400;

/** Radius that covers the whole viewport from (x, y): the distance to the farthest corner. */
export function revealRadius(x: number, y: number, width: number, height: number): number {
  return Math.ceil(Math.hypot(Math.max(x, width - x), Math.max(y, height - y)));
}

/** The clip-path keyframes of the reveal, growing from the click point. */
export function revealFrames(x: number, y: number, radius: number): string[] {
  return [`circle(0px at ${x}px ${y}px)`, `circle(${radius}px at ${x}px ${y}px)`];
}

interface ViewTransitionLike {
  ready: Promise<void>;
  finished: Promise<void>;
}
type StartViewTransition = (update: () => void) => ViewTransitionLike;

/**
 * Runs `toggle` (which must change the DOM synchronously) inside a view transition and animates the new
 * view in as a growing circle from the click point. Without the API, or when the user asks for reduced
 * motion, it simply toggles.
 */
export async function switchWithReveal(toggle: () => void, origin?: { x: number; y: number }): Promise<void> {
  const doc = document as Document & { startViewTransition?: StartViewTransition };
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (typeof doc.startViewTransition !== 'function' || reduce) {
    toggle();
    return;
  }
  const w = window.innerWidth;
  const h = window.innerHeight;
  const x = origin?.x ?? w / 2;
  const y = origin?.y ?? 0;
  const root = document.documentElement;
  root.classList.add('sa-dark-reveal');
  try {
    const transition = doc.startViewTransition.call(doc, toggle);
    await transition.ready;
    root.animate(
      { clipPath: revealFrames(x, y, revealRadius(x, y, w, h)) },
      { duration: REVEAL_MS, easing: 'ease-in', pseudoElement: '::view-transition-new(root)' },
    );
    await transition.finished;
  } catch (err) {
    // An aborted transition (e.g. a second click) still ran `toggle`; only the animation is lost.
    console.error(err);
  } finally {
    root.classList.remove('sa-dark-reveal');
  }
}
