// The demo content's puppy sale agreement with its health guarantee (a template the breeder edits).
import type { EntityManager } from '@mikro-orm/postgresql';
import { saveTemplate } from './contracts.admin-service.ts';

export const DEMO_TEMPLATE_NAME = 'Puppy sale agreement';

export const DEMO_TEMPLATE_BODY = `# Puppy Sale Agreement

This agreement is made on {{contract.date}} between **{{breeder.name}}** (the Breeder) and **{{family.name}}** (the Buyer) for the sale of the mini Goldendoodle puppy **{{puppy.name}}** (microchip {{puppy.microchip}}).

## Price and payment

- Purchase price: {{price}}
- Deposit: {{deposit}}, non-refundable once this agreement is signed, credited toward the price
- Balance: {{balance}}, due in full at or before pickup

## Pickup

The puppy goes home on {{pickup.date}}, no earlier than eight weeks of age, with its health record, vaccination and deworming history, microchip registration papers and a starter bag of food.

## Health guarantee

The Breeder guarantees that the puppy is in good health at pickup, as confirmed by a licensed veterinarian. The Buyer agrees to have the puppy examined by their own veterinarian within 72 hours of pickup; if that examination finds a serious illness present at pickup, the Breeder will take the puppy back for a full refund or offer a replacement puppy.

The Breeder further guarantees the puppy against life-threatening congenital or hereditary defects for {{guarantee.years}} years from the date of birth. If such a defect is diagnosed in writing by a licensed veterinarian, the Breeder will offer a replacement puppy of equal value from a future litter; the Buyer need not return the puppy.

The guarantee does not cover parasites, minor infections, injuries, conditions caused by neglect, obesity or over-exercise, or any condition if the puppy is not kept on a recommended diet and vaccination schedule.

## Care and rehoming

The Buyer will provide proper food, shelter, veterinary care and love. The puppy will not be sold, given to a shelter or used for breeding without the Breeder's written consent. If the Buyer can no longer keep the puppy at any age, the Breeder must be contacted first and will help rehome it.

## Signatures

By signing electronically, both parties agree that their electronic signatures are as binding as signatures on paper.
`;

/** Adds the demo template unless there is one already. */
export async function seedContractTemplate(em: EntityManager): Promise<void> {
  const [row] = await em.execute<Array<{ n: number }>>('select count(*)::int as n from "contract_templates"');
  if ((row?.n ?? 0) > 0) return;
  await saveTemplate(em, { id: null, name: DEMO_TEMPLATE_NAME, body: DEMO_TEMPLATE_BODY });
}
