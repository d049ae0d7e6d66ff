// Contracts' background work: sealing the contracts that wait (for the timestamp server, or after a process died half-way
// through a seal: its claim expires and the next run takes the contract again).
import { z } from 'zod';
import { defineJob } from '../../../lib/server/app-job.ts';
import { retryWaitingSeals } from './seal.ts';

export const sealRetryJob = defineJob({
  name: 'contracts.seal-waiting',
  description: 'Seals the signed contracts still waiting for their timestamp.',
  schedule: '* * * * *',
  input: z.object({}),
  async run(_input, { em, services }) {
    await retryWaitingSeals(em, services);
  },
});

export const contractsJobs = [sealRetryJob];
