// A dog's name that opens its family tree (/family-tree/{id}) when the registry knows the dog; else the name.
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function DogTreeLink({ id, name, label }: { id: number | null; name: string; label?: string }) {
  if (id == null) return <>{name}</>;
  return (
    <Anchor renderRoot={(props) => <Link {...props} to="/family-tree/$dogId" params={{ dogId: String(id) }} />} inherit aria-label={label}>
      {name}
    </Anchor>
  );
}
