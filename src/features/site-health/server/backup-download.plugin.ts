// GET /api/admin/backups/latest: the newest backup, streamed to the breeder (admin only), from the Site health screen.
import { createReadStream } from 'node:fs';
import fp from 'fastify-plugin';
import { listBackups } from './backups.ts';

export default fp(
  async (app) => {
    const { backupDir } = app.services.env.site;
    app.get('/api/admin/backups/latest', async (request, reply) => {
      if (!request.user) return reply.code(401).send({ message: 'Please sign in first.' });
      if (!request.user.isAdmin) return reply.code(403).send({ message: 'You need administrator privileges to do that.' });
      const [newest] = await listBackups(backupDir);
      if (!newest) return reply.code(404).send({ message: 'No backup has been made yet.' });
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Type', 'application/gzip')
        .header('Content-Length', String(newest.bytes))
        .header('Content-Disposition', `attachment; filename="${newest.name}"`)
        .send(createReadStream(newest.file));
    });
  },
  { name: 'backup-download', dependencies: ['session'] },
);
