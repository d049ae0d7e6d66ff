import { createFileRoute } from '@tanstack/react-router';
import { LittersAdmin } from '../../features/dogs/client/admin/LittersAdmin.tsx';
import { dogRegistry } from '../../features/dogs/client/admin/dog-registry.ts';

// The litter form picks its mother and father from the parents feature's dog registry.
export const Route = createFileRoute('/admin/litters')({ component: () => <LittersAdmin dogs={dogRegistry} /> });
