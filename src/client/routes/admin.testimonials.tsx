import { createFileRoute } from '@tanstack/react-router';
import { TestimonialsAdmin } from '../../features/testimonials/client/admin/TestimonialsAdmin.tsx';

export const Route = createFileRoute('/admin/testimonials')({ component: TestimonialsAdmin });
