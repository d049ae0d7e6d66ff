// Moving a booking to another free time: the family's dialog and the breeder's share it (the breeder's adds a message).
import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AppointmentKind } from '../visits.schema.ts';
import { SlotSelect } from './SlotSelect.tsx';

export function MoveBookingDialog({
  booking,
  breederZone,
  summary,
  pending,
  onClose,
  onMove,
  children,
}: {
  booking: { id: number; kind: AppointmentKind } | null;
  breederZone: string;
  /** What is being moved and its time now. */
  summary: ReactNode;
  pending: boolean;
  onClose: () => void;
  onMove: (startsAt: string) => void;
  /** More fields (the breeder's message to the family). */
  children?: ReactNode;
}) {
  return (
    <Modal opened={booking !== null} onClose={onClose} title="Move this booking">
      {booking && (
        <MoveForm
          key={booking.id}
          kind={booking.kind}
          breederZone={breederZone}
          summary={summary}
          pending={pending}
          onClose={onClose}
          onMove={onMove}
        >
          {children}
        </MoveForm>
      )}
    </Modal>
  );
}

function MoveForm({
  kind,
  breederZone,
  summary,
  pending,
  onClose,
  onMove,
  children,
}: {
  kind: AppointmentKind;
  breederZone: string;
  summary: ReactNode;
  pending: boolean;
  onClose: () => void;
  onMove: (startsAt: string) => void;
  children?: ReactNode;
}) {
  const [moveTo, setMoveTo] = useState<string | null>(null);
  return (
    <Stack
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (moveTo) onMove(moveTo);
      }}
    >
      <Text size="sm">{summary}</Text>
      <SlotSelect kind={kind} breederZone={breederZone} value={moveTo} onChange={setMoveTo} label="New time" />
      {children}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Keep the time
        </Button>
        <Button type="submit" disabled={!moveTo} loading={pending}>
          Move booking
        </Button>
      </Group>
    </Stack>
  );
}
