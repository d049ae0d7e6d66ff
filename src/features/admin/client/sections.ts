export const ADMIN_SECTIONS = [
  'overview',
  'puppies',
  'litters',
  'parents',
  'gallery',
  'testimonials',
  'inbox',
  'subscribers',
  'settings',
  'users',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export const SECTION_LABELS: Record<AdminSection, string> = {
  overview: 'Overview',
  puppies: 'Puppies',
  litters: 'Litters',
  parents: 'Parents',
  gallery: 'Gallery',
  testimonials: 'Testimonials',
  inbox: 'Inbox',
  subscribers: 'Subscribers',
  settings: 'Site settings',
  users: 'Users',
};
