// What each feature erases or anonymises when a user deletes their account (the auth feature runs them, knowing none).
import type { UserEraser } from '../lib/server/trpc.ts';
import { erasePortalData } from '../features/portal/server/portal.service.ts';
import { anonymiseApplicationsOf } from '../features/applications/server/applications.service.ts';
import { eraseMessagesOf } from '../features/messages/server/messages.service.ts';
import { eraseContractsOf } from '../features/contracts/server/contracts.service.ts';
import { erasePaymentsOf } from '../features/payments/server/payments.service.ts';

export const onUserErased: readonly UserEraser[] = [
  erasePortalData,
  // The family's conversation with the breeder, and the photos and PDFs in it.
  eraseMessagesOf,
  // Applications stay for the breeder's records, without the family's answers or contact details.
  async (em, userId) => {
    await anonymiseApplicationsOf(em, userId);
  },
  // Signed contracts and payments stay for the breeder (legal and accounting records), detached from the
  // account with the name and address they were signed or paid under; unsigned contracts go (decision 121).
  eraseContractsOf,
  erasePaymentsOf,
];
