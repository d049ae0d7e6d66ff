// The inquiries' face for other features (issue 47): who sent an inquiry and what it said.
import type { EntityManager } from '@mikro-orm/postgresql';

/** The address an inquiry came from (as typed), or null when there is no such inquiry. */
export async function inquiryEmail(em: EntityManager, id: number): Promise<string | null> {
  const [row] = await em.execute<Array<{ email: string }>>(`select "email" from "inquiries" where "id" = ?`, [id]);
  return row ? row.email : null;
}

/** The inquiries sent from this address (any case), oldest first. */
export async function inquiriesFrom(em: EntityManager, email: string): Promise<Array<{ id: number; message: string; createdAt: Date }>> {
  const rows = await em.execute<Array<{ id: number; message: string; created_at: Date | string }>>(
    `select "id", "message", "created_at" from "inquiries" where lower("email") = ? order by "id"`,
    [email.toLowerCase()],
  );
  return rows.map((r) => ({ id: Number(r.id), message: r.message, createdAt: new Date(r.created_at) }));
}
