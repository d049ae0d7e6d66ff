// The contracts feature's face to the app (decision 146): templates, contracts signed online, sealing.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import {
  Contract,
  ContractEvent,
  ContractSigningKey,
  ContractTemplate,
  ContractTemplateVersion,
  contractMediaRefs,
} from './contract.entity.ts';
import { contractsRouter } from './contracts.router.ts';
import { contractsAdminRouter } from './contracts.admin-router.ts';
import { contractsRest } from './contracts.rest.ts';
import { contractsToday } from './contracts.today.ts';
import { contractsJobs } from './contracts.jobs.ts';
import { eraseContractsOf } from './contracts.service.ts';
import { canReadContractPdf } from './contracts-access.ts';
import { contractsHealth } from './contracts.health.ts';

export const contractsModule = defineFeature({
  name: 'contracts',
  entities: [ContractTemplate, ContractTemplateVersion, Contract, ContractEvent, ContractSigningKey],
  routers: { contracts: contractsRouter },
  adminRouters: { contracts: contractsAdminRouter },
  rest: contractsRest,
  today: { name: 'contracts', source: contractsToday },
  jobs: contractsJobs,
  eraseUser: eraseContractsOf,
  canReadPrivateUpload: canReadContractPdf,
  mediaReferences: [contractMediaRefs],
  health: contractsHealth,
});
