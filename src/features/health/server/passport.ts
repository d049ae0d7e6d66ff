// The puppy passport: a PDF (the page, fonts and wrapping from src/lib/server/pdf.ts) with the puppy, its parents (names, registrations, health tests), the full
// care record, the microchip, what comes next, and the breeder's contact. Parents and settings are read with SQL.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PDFDocument } from 'pdf-lib';
import { drawable, INK, newPdf, PageFlow, wrapText, type PdfFonts } from '../../../lib/server/pdf.ts';
import { healthTestLabel, HEALTH_TEST_KINDS, type HealthTestKind } from '../../../lib/shared/health-tests.ts';
import { formatDay } from '../../../lib/shared/format.ts';
import { CARE_KIND_LABELS, type CareItemDto, type HealthRecordDto } from '../health.schema.ts';
import { healthRecord } from './health.service.ts';
import { type PuppyFacts } from './puppy-facts.ts';
import { littersByIds, parentsWithTests } from '../../dogs/server/dogs.reads.ts';
import { breederContact } from '../../settings/server/settings.reads.ts';

const isTestKind = (k: string): k is HealthTestKind => (HEALTH_TEST_KINDS as readonly string[]).includes(k);

export interface ParentInfo {
  role: 'Dam' | 'Sire';
  name: string;
  registeredName: string;
  registration: string;
  tests: string[];
}

export interface PassportData {
  record: HealthRecordDto;
  parents: ParentInfo[];
  breeder: { name: string; town: string; phone: string; email: string };
}

/** The passport's file name: passport-<puppy>.pdf. */
export const passportFileName = (name: string) =>
  `passport-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'puppy'
  }.pdf`;

export async function passportData(em: EntityManager, puppy: PuppyFacts, now = new Date()): Promise<PassportData> {
  const record = await healthRecord(em, puppy, now);
  const parents: ParentInfo[] = [];
  if (puppy.litterId !== null) {
    const [litter] = await littersByIds(em, [puppy.litterId]);
    if (litter) {
      const ids = [litter.damId, litter.sireId].filter((id): id is number => id !== null);
      const dogs = await parentsWithTests(em, ids);
      for (const [role, id, fallback] of [
        ['Dam', litter.damId, litter.motherName],
        ['Sire', litter.sireId, litter.fatherName],
      ] as const) {
        const dog = id === null ? undefined : dogs.find((d) => d.id === id);
        parents.push({
          role,
          name: dog?.name ?? fallback,
          registeredName: dog?.registeredName ?? '',
          registration: dog ? [dog.registry, dog.registrationNumber].filter(Boolean).join(' ') : '',
          tests: (dog?.tests ?? []).map(
            (t) =>
              `${isTestKind(t.kind) ? healthTestLabel({ kind: t.kind, test: t.test }) : t.test || t.kind}: ${t.result}${t.date ? ` (${formatDay(t.date)})` : ''}`,
          ),
        });
      }
    }
  }
  return { record, parents, breeder: await breederContact(em) };
}

export function careLine(i: CareItemDto): string {
  const parts: string[] = [];
  if (i.product) parts.push(i.product);
  if (i.manufacturer) parts.push(`by ${i.manufacturer}`);
  if (i.lotNumber) parts.push(`lot ${i.lotNumber}${i.lotExpiry ? ` (exp. ${formatDay(i.lotExpiry)})` : ''}`);
  if (i.dose !== null) parts.push(`dose ${i.dose} ${i.doseUnit ?? ''}`.trim());
  if (i.microchip) parts.push(`chip ${i.microchip}${i.registry ? `, registered with ${i.registry}` : ''}`);
  if (i.findings) parts.push(i.findings);
  if (i.vet || i.clinic) parts.push([i.vet, i.clinic].filter(Boolean).join(', '));
  if (i.givenBy) parts.push(`given by ${i.givenBy}`);
  if (i.nextDueOn) parts.push(`next due ${formatDay(i.nextDueOn)}`);
  if (i.notes) parts.push(i.notes);
  return `${formatDay(i.givenOn)}  ${CARE_KIND_LABELS[i.kind]}: ${parts.join('; ')}`;
}

/** Lines down the pages (10 pt unless said, each `size + 4` below the last), wrapped to the page's width. */
class Writer {
  private readonly flow: PageFlow;
  private readonly fonts: PdfFonts;
  constructor(doc: PDFDocument, fonts: PdfFonts) {
    this.flow = new PageFlow(doc, { top: 52, bottom: 50 });
    this.fonts = fonts;
  }
  line(text: string, { size = 10, bold = false, indent = 0 }: { size?: number; bold?: boolean; indent?: number } = {}) {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const para of text.split('\n')) {
      for (const l of wrapText(font, drawable(font, para), size, 512 - indent)) {
        this.flow.room(size + 4);
        this.flow.page.drawText(l, { x: 50 + indent, y: this.flow.y, size, font, color: INK });
        this.flow.y -= size + 4;
      }
    }
  }
  gap(h = 8) {
    this.flow.y -= h;
  }
}

export async function passportPdf(data: PassportData): Promise<Uint8Array> {
  const { record, parents, breeder } = data;
  const { doc, fonts } = await newPdf({ title: `Puppy passport: ${record.puppy.name}`, creator: breeder.name || 'Breeder' });
  const w = new Writer(doc, fonts);
  w.line(`Puppy passport: ${record.puppy.name}`, { size: 20, bold: true });
  w.gap();
  if (record.puppy.litterName) w.line(`Litter: ${record.puppy.litterName}`);
  w.line(`Born: ${record.puppy.birthDate ? formatDay(record.puppy.birthDate) : 'not recorded'}`);
  // "Goes home" until the day has passed (issue 45): the record's goneHome is the same pickup as the booking's.
  if (record.puppy.pickupAt) w.line(`${record.puppy.goneHome ? 'Went home' : 'Goes home'}: ${record.puppy.pickupAt.slice(0, 10)}`);
  w.line(
    record.microchip
      ? `Microchip: ${record.microchip.number}${record.microchip.registry ? ` (registry: ${record.microchip.registry})` : ''}, implanted ${formatDay(record.microchip.on)}`
      : 'Microchip: not recorded',
  );
  if (record.microchip?.warning) w.line(record.microchip.warning, { size: 9, indent: 12 });
  w.gap();
  w.line('Parents', { size: 14, bold: true });
  if (!parents.length) w.line('Not recorded.');
  for (const p of parents) {
    w.line(`${p.role}: ${p.name}${p.registeredName ? ` (${p.registeredName})` : ''}${p.registration ? `, ${p.registration}` : ''}`, {
      bold: true,
    });
    if (p.tests.length) for (const t of p.tests) w.line(t, { indent: 12 });
    else w.line('No health tests recorded.', { indent: 12 });
  }
  w.gap();
  w.line('Care record', { size: 14, bold: true });
  if (!record.items.length) w.line('Nothing recorded yet.');
  for (const item of record.items) w.line(careLine(item), { indent: 0 });
  if (record.weights.length) {
    w.gap();
    w.line('Weights', { size: 14, bold: true });
    w.line(record.weights.map((x) => `${formatDay(x.date)}: ${x.ounces} oz`).join('; '));
  }
  const upcoming = record.due.filter((d) => d.afterGoHome || d.scheduleItemId === null);
  if (upcoming.length) {
    w.gap();
    w.line('Recommended next (for your vet)', { size: 14, bold: true });
    for (const d of upcoming) w.line(`${formatDay(d.dueOn)}  ${d.label}`);
  }
  w.gap();
  w.line('Breeder', { size: 14, bold: true });
  w.line([breeder.name, breeder.town].filter(Boolean).join(', '));
  w.line([breeder.phone, breeder.email].filter(Boolean).join('  |  '));
  return doc.save();
}
