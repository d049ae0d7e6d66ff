// The applications and the waitlist in the full export (issue 49): applications.csv (every answer of the questionnaire
// and the breeder's side) and waitlist.csv (who waits on which list, in which place, with their deposit), each read a
// batch at a time by id.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExportColumn, ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';
import { depositOf, ledgerDeposits } from './ledger-deposits.ts';
import type { IApplication } from './application.entity.ts';

const yesNo = (v: unknown) => (v === null || v === undefined ? null : v ? 'yes' : 'no');
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The questionnaire's answers, as stored (the codes the form offers, e.g. size "mini", timing "3to6"). */
const ANSWERS: readonly ExportColumn[] = [
  { name: 'location', type: 'text', meaning: 'Where the family lives (town, state).' },
  { name: 'household', type: 'text', meaning: 'Who lives at home.' },
  { name: 'children', type: 'text', meaning: 'The youngest child at home: none, under6, 6to12, 13plus; empty when not said.' },
  { name: 'activity', type: 'text', meaning: "The household's pace: active or quiet; empty when not said." },
  { name: 'other_pets', type: 'text', meaning: 'Other pets.' },
  { name: 'allergies', type: 'text', meaning: 'Allergies at home: no, yes or unsure.' },
  { name: 'allergy_details', type: 'text', meaning: 'About the allergies.' },
  { name: 'home_type', type: 'text', meaning: 'house, townhouse, apartment, acreage or other.' },
  { name: 'ownership', type: 'text', meaning: 'own or rent.' },
  { name: 'yard', type: 'text', meaning: 'A yard: yes or no.' },
  { name: 'fence', type: 'text', meaning: 'Fenced: full, partly or none.' },
  { name: 'hours_alone', type: 'text', meaning: 'Hours the puppy would be alone a day: under2, 2to4, 4to6, over6.' },
  { name: 'experience', type: 'text', meaning: 'Experience with dogs: first, before or now.' },
  { name: 'experience_details', type: 'text', meaning: 'About that experience.' },
  { name: 'size', type: 'text', meaning: 'Size wanted: toy, mini, medium, standard or any.' },
  { name: 'gender', type: 'text', meaning: 'Sex wanted: female, male or any.' },
  { name: 'color', type: 'text', meaning: 'Colour wanted (cream, apricot, red, chocolate, black, parti or any).' },
  { name: 'timing', type: 'text', meaning: 'When: asap, within3, 3to6, 6to12 (months) or researching.' },
  { name: 'heard_about', type: 'text', meaning: 'How they heard of the breeder.' },
  { name: 'notes', type: 'text', meaning: 'Anything else the family wrote.' },
];

export const applicationsExport: ExportTable = {
  file: 'applications.csv',
  description: 'Every puppy application: the family’s answers, its status and the breeder’s notes and deposit record.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The application's number on this site (application_id in waitlist.csv)." },
    { name: 'received_at', type: 'timestamp', meaning: 'When it was sent (UTC).' },
    {
      name: 'status',
      type: 'text',
      meaning: 'submitted, in_review, approved, declined, waitlisted, matched or withdrawn.',
    },
    { name: 'family_id', type: 'integer', meaning: 'The family account that sent it (id in families.csv); empty for none.' },
    { name: 'name', type: 'text', meaning: 'Name as given on the application (empty once anonymised).' },
    { name: 'email', type: 'email', meaning: 'E-mail as given on the application.' },
    { name: 'phone', type: 'text', meaning: 'Phone as given.' },
    ...ANSWERS,
    { name: 'litter_id', type: 'integer', meaning: 'The litter applied for (id in litters.csv); empty: any litter.' },
    { name: 'puppy_id', type: 'integer', meaning: 'The puppy matched (id in puppies.csv).' },
    { name: 'waitlist_place', type: 'integer', meaning: 'Place on the waitlist while waitlisted (see waitlist.csv).' },
    {
      name: 'deposit_amount',
      type: 'money',
      meaning: 'Deposit recorded on the application, in US dollars (older records; payments.csv is the ledger).',
    },
    { name: 'deposit_date', type: 'date', meaning: 'When that deposit was received (YYYY-MM-DD).' },
    { name: 'deposit_method', type: 'text', meaning: 'How it was paid.' },
    { name: 'deposit_non_refundable', type: 'boolean', meaning: 'yes when the deposit is non-refundable.' },
    { name: 'deposit_notes', type: 'text', meaning: 'Notes on the deposit.' },
    { name: 'admin_notes', type: 'text', meaning: 'The breeder’s private notes.' },
    { name: 'read_at', type: 'timestamp', meaning: 'When the breeder first opened it (UTC).' },
    { name: 'anonymised_at', type: 'timestamp', meaning: 'When the family’s details were erased with their account (UTC).' },
    { name: 'updated_at', type: 'timestamp', meaning: 'Last change (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<Record<string, unknown>[]>(`select * from "applications" where "id" > ? order by "id" limit ?`, [
      afterId(last),
      limit,
    ]);
    return rows.map((r): ExportRow => {
      const row: ExportRow = {
        id: Number(r.id),
        received_at: isoInstant(r.created_at),
        status: r.status as string,
        family_id: num(r.user_id),
        name: r.name as string,
        email: r.email as string,
        phone: (r.phone as string | null) ?? null,
      };
      for (const { name } of ANSWERS) row[name] = (r[name] as string | null | undefined) ?? null;
      Object.assign(row, {
        litter_id: num(r.litter_id),
        puppy_id: num(r.puppy_id),
        waitlist_place: Number(r.waitlist_position) > 0 ? Number(r.waitlist_position) : null,
        deposit_amount: num(r.deposit_amount),
        deposit_date: (r.deposit_received_on as string | null) ?? null,
        deposit_method: (r.deposit_method as string | null) ?? null,
        deposit_non_refundable: yesNo(r.deposit_non_refundable),
        deposit_notes: r.deposit_notes as string,
        admin_notes: r.admin_notes as string,
        read_at: isoInstant(r.read_at),
        anonymised_at: isoInstant(r.anonymised_at),
        updated_at: isoInstant(r.updated_at),
      });
      return row;
    });
  },
};

interface WaitRow {
  id: number;
  user_id: number | null;
  name: string;
  email: string;
  phone: string | null;
  waitlist_litter_id: number | null;
  waitlist_position: number;
  size: string;
  gender: string;
  color: string;
  deposit_amount: number | null;
  deposit_received_on: string | null;
  deposit_method: string | null;
  deposit_non_refundable: boolean;
  deposit_notes: string;
  deposit_refunded_on: string | null;
  deposit_refund_amount: number | null;
  admin_notes: string;
  created_at: Date;
}

/** The deposit each waiting family shows in the dashboard: the ledger's first payment, else the application's record. */
async function depositsOf(em: EntityManager, rows: WaitRow[]) {
  const ledger = await ledgerDeposits(
    em,
    rows.flatMap((r) => (r.user_id === null ? [] : [Number(r.user_id)])),
  );
  return rows.map((r) =>
    depositOf(
      {
        user: r.user_id === null ? null : { id: Number(r.user_id) },
        depositAmount: r.deposit_amount,
        depositReceivedOn: r.deposit_received_on,
        depositMethod: r.deposit_method,
        depositNonRefundable: r.deposit_non_refundable,
        depositNotes: r.deposit_notes,
        depositRefundedOn: r.deposit_refunded_on,
        depositRefundAmount: r.deposit_refund_amount,
      } as unknown as IApplication,
      ledger,
    ),
  );
}

export const waitlistExport: ExportTable = {
  file: 'waitlist.csv',
  description: 'Who waits for a puppy: each waiting family’s list (a litter’s or the general one), place, wishes and deposit.',
  columns: [
    { name: 'id', type: 'integer', meaning: 'The application that holds the place (id in applications.csv).' },
    { name: 'name', type: 'text', meaning: 'Family name as on the application.' },
    { name: 'email', type: 'email', meaning: 'E-mail as on the application.' },
    { name: 'phone', type: 'text', meaning: 'Phone as on the application.' },
    { name: 'family_id', type: 'integer', meaning: 'The family account (id in families.csv); empty for none.' },
    { name: 'litter_id', type: 'integer', meaning: "The litter's list (id in litters.csv); empty: the general waitlist." },
    { name: 'place', type: 'integer', meaning: 'Place on that list, 1 first.' },
    { name: 'size', type: 'text', meaning: 'Size wanted.' },
    { name: 'gender', type: 'text', meaning: 'Sex wanted: female, male or any.' },
    { name: 'color', type: 'text', meaning: 'Colour wanted.' },
    { name: 'deposit_amount', type: 'money', meaning: 'Deposit paid, in US dollars.' },
    { name: 'deposit_date', type: 'date', meaning: 'When the deposit was received (YYYY-MM-DD).' },
    { name: 'deposit_method', type: 'text', meaning: 'How it was paid.' },
    { name: 'deposit_refunded_on', type: 'date', meaning: 'When (part of) it was refunded (YYYY-MM-DD).' },
    { name: 'deposit_refund_amount', type: 'money', meaning: 'Refunded, in US dollars.' },
    { name: 'notes', type: 'text', meaning: 'The breeder’s notes on the application.' },
    { name: 'applied_at', type: 'timestamp', meaning: 'When the application was sent (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<WaitRow[]>(
      `select "id", "user_id", "name", "email", "phone", "waitlist_litter_id", "waitlist_position", "size", "gender", "color",
              "deposit_amount", "deposit_received_on", "deposit_method", "deposit_non_refundable", "deposit_notes",
              "deposit_refunded_on", "deposit_refund_amount", "admin_notes", "created_at"
       from "applications" where "waitlist_position" > 0 and "id" > ? order by "id" limit ?`,
      [afterId(last), limit],
    );
    const deposits = await depositsOf(em, rows);
    return rows.map((r, i): ExportRow => {
      const d = deposits[i];
      return {
        id: Number(r.id),
        name: r.name,
        email: r.email,
        phone: r.phone,
        family_id: num(r.user_id),
        litter_id: num(r.waitlist_litter_id),
        place: Number(r.waitlist_position),
        size: r.size,
        gender: r.gender,
        color: r.color,
        deposit_amount: d?.amount ?? null,
        deposit_date: d?.receivedOn ?? null,
        deposit_method: d?.method ?? null,
        deposit_refunded_on: d?.refundedOn ?? null,
        deposit_refund_amount: d?.refundAmount ?? null,
        notes: r.admin_notes,
        applied_at: isoInstant(r.created_at),
      };
    });
  },
};
