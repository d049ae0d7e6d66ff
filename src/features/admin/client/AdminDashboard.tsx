// The admin dashboard (the admin issue fills this in).
import { Container, Title } from '@mantine/core';

export function AdminDashboard() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Admin Dashboard</Title>
    </Container>
  );
}
