// The breeder's portal procedures (all adminProcedure): updates, who was told, checklist, pickups, matches, documents.
import { z } from 'zod';
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import {
  ChecklistItemsSchema,
  FamilyIdSchema,
  IdSchema,
  PostUpdateSchema,
  SetFamilySchema,
  SetPickupSchema,
  ShareDocumentSchema,
} from '../portal.schema.ts';
import {
  adminUpdates,
  checklistItems,
  families,
  familyDocuments,
  postUpdate,
  puppiesOverview,
  removeDocument,
  removeUpdate,
  saveChecklist,
  setFamily,
  setPickup,
  shareDocument,
} from './portal.admin-service.ts';

const UpdatesFilterSchema = z.object({ puppyId: z.number().int().positive().optional(), litterId: z.number().int().positive().optional() });

export const portalAdminRouter = router({
  updates: adminProcedure.input(UpdatesFilterSchema).query(({ ctx, input }) => adminUpdates(ctx.em, input)),
  postUpdate: adminProcedure.input(PostUpdateSchema).mutation(({ ctx, input }) => postUpdate(ctx, input)),
  removeUpdate: adminProcedure.input(IdSchema).mutation(({ ctx, input }) => removeUpdate(ctx, input.id)),
  families: adminProcedure.query(({ ctx }) => families(ctx.em)),
  puppies: adminProcedure.query(({ ctx }) => puppiesOverview(ctx.em)),
  setFamily: adminProcedure.input(SetFamilySchema).mutation(({ ctx, input }) => setFamily(ctx.em, input)),
  setPickup: adminProcedure.input(SetPickupSchema).mutation(({ ctx, input }) => setPickup(ctx.em, input)),
  checklist: adminProcedure.query(({ ctx }) => checklistItems(ctx.em)),
  saveChecklist: adminProcedure.input(ChecklistItemsSchema).mutation(({ ctx, input }) => saveChecklist(ctx.em, input)),
  documents: adminProcedure.input(FamilyIdSchema).query(({ ctx, input }) => familyDocuments(ctx.em, input.familyId)),
  shareDocument: adminProcedure.input(ShareDocumentSchema).mutation(({ ctx, input }) => shareDocument(ctx.em, input)),
  removeDocument: adminProcedure.input(IdSchema).mutation(({ ctx, input }) => removeDocument(ctx, input.id)),
});
