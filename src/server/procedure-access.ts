// Who may call each tRPC procedure outside appRouter.admin, by procedure path (the admin.* procedures are
// all the breeder's, admin-authorization.test.ts), and what limits how often. procedure-access.test.ts walks
// the router: a procedure missing here, an entry that names no procedure, an entry the procedure's middleware
// chain disagrees with (public on publicProcedure, family on authedProcedure; the rate limit its chain
// applies), or a mutation with neither a limit nor a reason fails it.

/**
 * public: anyone, signed in or not (on publicProcedure).
 * family: any signed-in account, answering only about that account's own data (on authedProcedure).
 */
export type ProcedureAccess = 'public' | 'family';

/**
 * How often a procedure may be called:
 * - a string: the name of the rateLimited(name, …) middleware in its chain (lib/server/trpc.ts);
 * - { inHandler }: a limit its handler counts itself (failures only, or after a check), named with rateLimitInHandler;
 * - { none }: why it needs none (every mutation has one of the three; a query only when its chain has a limit).
 */
export type RateLimitClass = string | { inHandler: string } | { none: string };

export interface ProcedureClass {
  access: ProcedureAccess;
  rateLimit?: RateLimitClass;
}

// Reasons shared by several mutations.
const OWN_SETTING = 'sets one value on the caller’s own account or device: a repeat overwrites it and sends nothing';
const ONE_WAY = 'a one-way change of one of the caller’s own records: a repeat is refused, nothing is sent';

const pub = (rateLimit?: RateLimitClass): ProcedureClass =>
  rateLimit === undefined ? { access: 'public' } : { access: 'public', rateLimit };
const fam = (rateLimit?: RateLimitClass): ProcedureClass =>
  rateLimit === undefined ? { access: 'family' } : { access: 'family', rateLimit };

export const PROCEDURES: Readonly<Record<string, ProcedureClass>> = {
  // The public site.
  'puppies.featured': pub(),
  'litters.active': pub(),
  'parents.featured': pub(),
  'parents.familyTree': pub(),
  'parents.pedigree': pub(),
  'gallery.list': pub(),
  'testimonials.featured': pub(),
  'settings.get': pub(),
  'articles.blogList': pub(),
  'articles.blogPost': pub(),
  'articles.resources': pub(),
  'articles.resourceSearch': pub(),
  'articles.resource': pub(),
  'articles.legal': pub(),
  // Forms anyone may send.
  'inquiries.create': pub('inquiries'),
  'subscribers.subscribe': pub('subscribers'),
  'subscribers.confirm': pub('confirm'),
  'subscribers.unsubscribe': pub('unsubscribe'),
  'subscribers.requestUnsubscribeLink': pub('unsubscribe-link'),
  // Signing in and out (me answers null to a visitor).
  'auth.me': pub(),
  'auth.login': pub({ inHandler: 'login-fail' }),
  'auth.register': pub('register'),
  'auth.logout': pub({ none: 'ends the caller’s own session (a visitor’s call does nothing)' }),
  // The link in the verification e-mail (the token names the account; decision 108).
  'auth.verifyEmail': pub('verify-email'),
  // The first-run page of a site with no admin (issue 48): the one-time token the start logged opens it once.
  'setup.complete': pub('setup'),
  // The signed-in account (/account).
  'auth.profile': fam(),
  'auth.updateProfile': fam('profile-update'),
  'auth.changePassword': fam({ inHandler: 'account-password' }),
  'auth.deleteAccount': fam({ inHandler: 'account-password' }),
  'auth.resendVerification': fam({ inHandler: 'verify-resend' }),
  // The family's applications.
  'applications.submit': fam('applications'),
  'applications.mine': fam(),
  'applications.draft': fam(),
  'applications.saveDraft': fam({ none: 'overwrites the caller’s one draft row (bounded by its schema), sends nothing' }),
  'applications.withdraw': fam({ none: ONE_WAY }),
  // The family's portal.
  'portal.puppies': fam(),
  'portal.updates': fam(),
  'portal.growth': fam(),
  'portal.checklist': fam(),
  'portal.tick': fam({ none: 'ticks one of a fixed list of checklist items for the caller: at most one row per item' }),
  'portal.documents': fam(),
  'portal.digest': fam(),
  'portal.setDigest': fam({ none: OWN_SETTING }),
  // The family's payments (/account).
  'payments.mine': fam(),
  // The family's health record (a puppy matched to it; the breeder may read any), vet links and reminders.
  'health.puppies': fam(),
  'health.record': fam(),
  'health.shareLinks': fam(),
  'health.createShareLink': fam('vet-link-create'),
  'health.revokeShareLink': fam({ none: ONE_WAY }),
  'health.reminders': fam(),
  'health.setReminders': fam({ none: OWN_SETTING }),
  // Visits and go-home day: the family's own bookings; the breeder's calendar feed behind its secret token.
  'visits.options': fam(),
  'visits.availability': fam(),
  'visits.book': fam('visits-change'),
  'visits.mine': fam(),
  'visits.reschedule': fam('visits-change'),
  'visits.cancel': fam('visits-change'),
  'visits.ics': fam(),
  'visits.feed': pub(),
  // The family's contracts (its own only), and the public check of a sealed PDF.
  'contracts.mine': fam(),
  'contracts.byId': fam(),
  'contracts.sign': fam({ none: 'signs a contract sent to the caller once; every later call is refused' }),
  'contracts.verify': pub('contracts-verify'),
  // This device's push notifications (the breeder's devices too: each account answers for its own endpoints).
  'notifications.vapidKey': fam(),
  'notifications.device': fam(),
  'notifications.subscribe': fam('push-subscribe'),
  'notifications.setTopics': fam({ none: OWN_SETTING }),
  'notifications.unsubscribe': fam({ none: 'removes the caller’s own device row, if any: nothing grows, nothing is sent' }),
  // The family's conversation with the breeder (issue 30).
  'messages.list': fam(),
  'messages.unreadCount': fam(),
  'messages.send': fam('messages-send'),
  'messages.markRead': fam({ none: 'marks the caller’s own conversation read: a repeat changes nothing' }),
  'messages.emailPreference': fam(),
  'messages.setEmailPreference': fam({ none: OWN_SETTING }),
  'messages.live': fam(),
  // Temperament results in words, for the litters the family is in and the breeder has switched on (issue 50).
  'temperament.mine': fam(),
  // Pick day (issue 50): the family's own place in a litter's order; choices and passes limited per account.
  'picks.mine': fam(),
  'picks.answer': fam('picks-answer'),
  'picks.choose': fam('picks-choose'),
  'picks.pass': fam('picks-choose'),
  'picks.respond': fam('picks-choose'),
  'picks.live': fam(),
};

/** Each procedure's access alone (what the access matrix and older callers read). */
export const PROCEDURE_ACCESS: Readonly<Record<string, ProcedureAccess>> = Object.fromEntries(
  Object.entries(PROCEDURES).map(([path, c]) => [path, c.access]),
);
