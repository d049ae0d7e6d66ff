// What the public article pages show besides the article (categories and dates), apart from the schemas: the
// pages a family reads do not load the validation library for a label.
import { formatUtcDay } from '../../lib/shared/format.ts';

export const RESOURCE_CATEGORIES = ['training', 'health', 'nutrition', 'grooming', 'go-home'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];
export const RESOURCE_CATEGORY_LABELS: Record<ResourceCategory, string> = {
  training: 'Training',
  health: 'Health',
  nutrition: 'Nutrition',
  grooming: 'Grooming',
  'go-home': 'Go-home',
};

/** '2026-10-14T12:00:00.000Z' → 'October 14, 2026' (in UTC, so the server and the browser agree). */
export function formatArticleDate(iso: string): string {
  return formatUtcDay(new Date(iso));
}
