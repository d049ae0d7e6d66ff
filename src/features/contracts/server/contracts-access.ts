// Who may read a sealed contract's PDF under /private-media: the family it belongs to (admins are let in by the portal's check).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Contract } from './contract.entity.ts';

export async function canReadContractPdf(em: EntityManager, user: SessionUser, uploadUrl: string): Promise<boolean> {
  if (user.isAdmin) return true;
  return (await em.count(Contract, { family: user.id, pdfUrl: uploadUrl, status: 'sealed' })) > 0;
}
