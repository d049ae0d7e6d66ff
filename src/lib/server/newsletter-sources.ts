// What newsletters need from other features (segments, drafts from a litter or a post), composed on the top floor.
import type { EntityManager } from '@mikro-orm/postgresql';

export interface Recipient {
  email: string;
  name: string | null;
}

export interface DraftStart {
  subject: string;
  body: string;
}

/** A blog post made from a sent newsletter. */
export interface PostDraft {
  title: string;
  summary: string;
  body: string;
}

export interface NewsletterSources {
  /** The families matched to a litter's puppies (the puppies' private family), those with an e-mail address. */
  litterFamilies(em: EntityManager, litterId: number): Promise<Recipient[]>;
  /**
   * The families on the waitlist (every list, or only the list of `litterId`): applications still waitlisted
   * whose family account exists, with the e-mail address given in the application; each address once.
   */
  waitlistFamilies(em: EntityManager, litterId?: number): Promise<Recipient[]>;
  /**
   * Every address (lower case) that belongs to an application's family, whatever the application's status:
   * the address given in an application, and the e-mail of the account that applied. Anonymised
   * applications (a deleted account) belong to nobody.
   */
  applicantEmails(em: EntityManager): Promise<Set<string>>;
  /** Creates and publishes a blog post (at a free address made from the title); returns its id. */
  publishPost(em: EntityManager, post: PostDraft): Promise<{ id: number }>;
  /** Litters to choose a segment from, newest first. */
  litters(em: EntityManager): Promise<Array<{ id: number; name: string }>>;
  /** A newsletter draft announcing a litter, or null when there is no such litter. */
  litterDraft(em: EntityManager, litterId: number, appOrigin: string): Promise<DraftStart | null>;
  /** A newsletter draft announcing a published blog post, or null when there is no such post (400 when it is not live yet). */
  articleDraft(em: EntityManager, articleId: number, appOrigin: string): Promise<DraftStart | null>;
}
