// The dashboard's sections: where each lives, its label and icon. Each section's screen is its route's component.
import type { ComponentType } from 'react';
import {
  IconAddressBook,
  IconBook,
  IconClipboardText,
  IconSignature,
  IconDog,
  IconGavel,
  IconHeartHandshake,
  IconHome,
  IconInbox,
  IconListNumbers,
  IconMail,
  IconMessages,
  IconMessageStar,
  IconNews,
  IconPaw,
  IconPhoto,
  IconSettings,
  IconUsers,
  IconHomeHeart,
  IconCash,
  IconStethoscope,
  IconCalendarEvent,
  IconClockPlay,
  IconMoodHeart,
  IconHandFinger,
  IconHeartbeat,
  IconFileImport,
} from '@tabler/icons-react';

export interface AdminSection {
  to: '/admin' | `/admin/${string}`;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Today', icon: IconHome },
  // The families' work first (issue 29: Families sat last, below the fold of a 768 px screen).
  { to: '/admin/inbox', label: 'Inbox', icon: IconInbox },
  { to: '/admin/messages', label: 'Messages', icon: IconMessages },
  { to: '/admin/applications', label: 'Applications', icon: IconClipboardText },
  { to: '/admin/waitlist', label: 'Waitlist', icon: IconListNumbers },
  { to: '/admin/picks', label: 'Pick day', icon: IconHandFinger },
  { to: '/admin/families', label: 'Families', icon: IconHomeHeart },
  { to: '/admin/payments', label: 'Payments', icon: IconCash },
  { to: '/admin/visits', label: 'Visits', icon: IconCalendarEvent },
  { to: '/admin/contracts', label: 'Contracts', icon: IconSignature },
  { to: '/admin/puppies', label: 'Puppies', icon: IconPaw },
  { to: '/admin/health', label: 'Health', icon: IconStethoscope },
  { to: '/admin/temperament', label: 'Temperament', icon: IconMoodHeart },
  { to: '/admin/litters', label: 'Litters', icon: IconHeartHandshake },
  { to: '/admin/parents', label: 'Dogs', icon: IconDog },
  { to: '/admin/pairing', label: 'Planned pairing', icon: IconHeartHandshake },
  { to: '/admin/gallery', label: 'Gallery', icon: IconPhoto },
  { to: '/admin/testimonials', label: 'Testimonials', icon: IconMessageStar },
  { to: '/admin/blog', label: 'Blog', icon: IconNews },
  { to: '/admin/resources', label: 'Resources', icon: IconBook },
  { to: '/admin/legal', label: 'Legal', icon: IconGavel },
  { to: '/admin/subscribers', label: 'Subscribers', icon: IconAddressBook },
  { to: '/admin/newsletters', label: 'Newsletters', icon: IconMail },
  { to: '/admin/import', label: 'Import', icon: IconFileImport },
  { to: '/admin/settings', label: 'Site settings', icon: IconSettings },
  { to: '/admin/users', label: 'Users', icon: IconUsers },
  { to: '/admin/jobs', label: 'Background jobs', icon: IconClockPlay },
  { to: '/admin/site-health', label: 'Site health', icon: IconHeartbeat },
] as const satisfies readonly AdminSection[];

/** The section a dashboard path belongs to. */
export function sectionOf(pathname: string): AdminSection {
  const path = pathname.replace(/\/+$/, '') || '/admin';
  return ADMIN_SECTIONS.find((s) => s.to !== '/admin' && (path === s.to || path.startsWith(`${s.to}/`))) ?? ADMIN_SECTIONS[0];
}
