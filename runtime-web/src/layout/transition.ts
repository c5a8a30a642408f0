import type { Transition } from '../core/theme';

export const TRANSITION_MS = 300;

/** Keyframes a page enters with, per theme transition; none for 'none'. */
export function transitionFrames(name: Transition): Keyframe[] | undefined {
  switch (name) {
    case 'slide':
      return [
        { opacity: 0, transform: 'translateX(-24px)' },
        { opacity: 1, transform: 'translateX(0)' },
      ];
    case 'fade':
      return [{ opacity: 0 }, { opacity: 1 }];
    default:
      return undefined;
  }
}
