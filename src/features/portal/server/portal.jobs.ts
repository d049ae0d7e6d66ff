// The portal's background work: the families' daily digests (the once-a-day rule lives in the database).
import { z } from 'zod';
import { defineJob } from '../../../lib/server/app-job.ts';
import { runDigest } from './digest.ts';

export const portalDigestJob = defineJob({
  name: 'portal.digest',
  description: 'Sends each family with news about its puppy one e-mail a day.',
  schedule: '*/15 * * * *',
  input: z.object({}),
  async run(_input, { em, services }) {
    await runDigest(em, services.mail, services.env.appOrigin);
  },
});

export const portalJobs = [portalDigestJob];
