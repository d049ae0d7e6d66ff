// appRouter.admin.export: the full export as one streamed zip. The app passes the tables and files (features never import each other).
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { exportZip, type ExportSources } from './export.service.ts';

export function createExportAdminRouter(sources: ExportSources, log: { error: (obj: object, msg: string) => void } = console) {
  return router({
    download: adminProcedure.query(({ ctx }) => exportZip(ctx.em, sources, { log })),
  });
}
