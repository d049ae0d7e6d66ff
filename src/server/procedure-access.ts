// Who may call each tRPC procedure outside appRouter.admin, by procedure path (the admin.* procedures are
// all the breeder's, admin-authorization.test.ts). procedure-access.test.ts walks the router: a procedure
// missing here, an entry that names no procedure, or an entry the procedure's middleware chain disagrees
// with (public on publicProcedure, family on authedProcedure) fails it.

/**
 * public: anyone, signed in or not (on publicProcedure).
 * family: any signed-in account, answering only about that account's own data (on authedProcedure).
 */
export type ProcedureAccess = 'public' | 'family';

export const PROCEDURE_ACCESS: Readonly<Record<string, ProcedureAccess>> = {
  // The public site.
  'puppies.featured': 'public',
  'litters.active': 'public',
  'parents.featured': 'public',
  'parents.familyTree': 'public',
  'parents.pedigree': 'public',
  'gallery.list': 'public',
  'testimonials.featured': 'public',
  'settings.get': 'public',
  'articles.blogList': 'public',
  'articles.blogPost': 'public',
  'articles.resources': 'public',
  'articles.resourceSearch': 'public',
  'articles.resource': 'public',
  'articles.legal': 'public',
  // Forms anyone may send.
  'inquiries.create': 'public',
  'subscribers.subscribe': 'public',
  'subscribers.confirm': 'public',
  'subscribers.unsubscribe': 'public',
  'subscribers.requestUnsubscribeLink': 'public',
  // Signing in and out (me answers null to a visitor).
  'auth.me': 'public',
  'auth.login': 'public',
  'auth.register': 'public',
  'auth.logout': 'public',
  // The link in the verification e-mail (the token names the account; decision 108).
  'auth.verifyEmail': 'public',
  // The signed-in account (/account).
  'auth.profile': 'family',
  'auth.updateProfile': 'family',
  'auth.changePassword': 'family',
  'auth.deleteAccount': 'family',
  'auth.resendVerification': 'family',
  // The family's applications.
  'applications.submit': 'family',
  'applications.mine': 'family',
  'applications.draft': 'family',
  'applications.saveDraft': 'family',
  'applications.withdraw': 'family',
  // The family's portal.
  'portal.puppies': 'family',
  'portal.updates': 'family',
  'portal.growth': 'family',
  'portal.checklist': 'family',
  'portal.tick': 'family',
  'portal.documents': 'family',
  'portal.digest': 'family',
  'portal.setDigest': 'family',
  // The family's payments (/account).
  'payments.mine': 'family',
  // The family's health record (a puppy matched to it; the breeder may read any), vet links and reminders.
  'health.puppies': 'family',
  'health.record': 'family',
  'health.shareLinks': 'family',
  'health.createShareLink': 'family',
  'health.revokeShareLink': 'family',
  'health.reminders': 'family',
  'health.setReminders': 'family',
  // Visits and go-home day: the family's own bookings; the breeder's calendar feed behind its secret token.
  'visits.options': 'family',
  'visits.availability': 'family',
  'visits.book': 'family',
  'visits.mine': 'family',
  'visits.reschedule': 'family',
  'visits.cancel': 'family',
  'visits.ics': 'family',
  'visits.feed': 'public',
  // The family's contracts (its own only), and the public check of a sealed PDF.
  'contracts.mine': 'family',
  'contracts.byId': 'family',
  'contracts.sign': 'family',
  'contracts.verify': 'public',
  // This device's push notifications (the breeder's devices too: each account answers for its own endpoints).
  'notifications.vapidKey': 'family',
  'notifications.device': 'family',
  'notifications.subscribe': 'family',
  'notifications.setTopics': 'family',
  'notifications.unsubscribe': 'family',
  // The family's conversation with the breeder (issue 30).
  'messages.list': 'family',
  'messages.send': 'family',
  'messages.markRead': 'family',
  'messages.emailPreference': 'family',
  'messages.setEmailPreference': 'family',
  'messages.live': 'family',
};
