// Scrolling to a home-page section below the sticky header (SPEC §2: offset by the #header height).

export const SECTION_IDS = ['home', 'about', 'puppies', 'parents', 'litters', 'process', 'gallery', 'faq', 'contact'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

function prefersReducedMotion() {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls smoothly so the element with this id sits just below the header, then moves keyboard
 * focus there (without a second scroll) so the next Tab continues from the section.
 * Returns false when the element is not on the page.
 */
export function scrollToSection(id: string, { smooth = true, focus = true }: { smooth?: boolean; focus?: boolean } = {}): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const header = document.getElementById('header');
  const offset = header ? header.getBoundingClientRect().height : 0;
  const top = Math.max(0, el.getBoundingClientRect().top + window.scrollY - offset);
  window.scrollTo({ top, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto' });
  if (focus) {
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  }
  return true;
}
