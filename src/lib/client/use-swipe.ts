// One sideways swipe (a finger, a pen or a mouse drag) for every set of pictures or slides on the site: the
// lightbox (gallery, portal updates), a puppy's or a parent dog's photos and the testimonial slider.
import { useDrag } from '@mantine/hooks';

/** How far a finger must travel sideways before a swipe turns the picture or slide. */
export const SWIPE_DISTANCE = 40;

/**
 * Calls `onSwipe(+1)` for a swipe to the left (the next one) and `onSwipe(-1)` for a swipe to the right.
 * Give the returned ref to the swiped element, styled `touch-action: pan-y` so that vertical movement stays
 * the page's scroll.
 */
export function useSwipe<T extends HTMLElement>(onSwipe: (direction: 1 | -1) => void, enabled = true) {
  return useDrag<T>(
    ({ last, canceled, movement: [dx] }) => {
      if (!last || canceled || Math.abs(dx) < SWIPE_DISTANCE) return;
      onSwipe(dx < 0 ? 1 : -1);
    },
    { axis: 'lock', enabled },
  );
}

/** An index kept within 0…n-1, wrapping at both ends. */
export const wrapIndex = (i: number, n: number) => ((i % n) + n) % n;
