// Every feature's contribution to the dashboard's Today screen (lib/server/today.ts), under the name shown when one fails.
import type { NamedTodaySource } from '../features/today/server/today.service.ts';
import { applicationsToday } from '../features/applications/server/applications.today.ts';
import { inquiriesToday } from '../features/inquiries/server/inquiries.today.ts';
import { mailToday } from '../features/mail/server/mail.today.ts';
import { littersToday } from '../features/dogs/server/litters.today.ts';
import { portalToday } from '../features/portal/server/portal.today.ts';
import { subscribersToday } from '../features/subscribers/server/subscribers.today.ts';
import { contractsToday } from '../features/contracts/server/contracts.today.ts';
import { paymentsToday } from '../features/payments/server/payments.today.ts';
import { visitsToday } from '../features/visits/server/visits.today.ts';
import { healthToday } from '../features/health/server/health.today.ts';
import { messagesToday } from '../features/messages/server/messages.today.ts';

export const TODAY_SOURCES: readonly NamedTodaySource[] = [
  { name: 'applications', source: applicationsToday },
  { name: 'inquiries', source: inquiriesToday },
  { name: 'mail', source: mailToday },
  { name: 'litters', source: littersToday },
  { name: 'portal', source: portalToday },
  { name: 'subscribers', source: subscribersToday },
  { name: 'contracts', source: contractsToday },
  { name: 'payments', source: paymentsToday },
  { name: 'visits', source: visitsToday },
  { name: 'health', source: healthToday },
  { name: 'messages', source: messagesToday },
];
