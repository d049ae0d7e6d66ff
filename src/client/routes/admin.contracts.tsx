import { createFileRoute } from '@tanstack/react-router';
import { ContractsAdmin } from '../../features/contracts/client/admin/ContractsAdmin.tsx';

export const Route = createFileRoute('/admin/contracts')({ component: ContractsAdmin });
