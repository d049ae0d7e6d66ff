// What My Family reads of the family's contracts beside the Contract card (the same query, one request): how many wait
// for its signature ("Contract: sign now") and the sealed PDFs, listed with the other documents.
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';

export interface ContractDocument {
  id: string;
  title: string;
  url: string;
  kind: 'pdf';
}

export function useMyContractState(): { toSign: number; documents: ContractDocument[] } {
  const mine = useQuery(trpc.contracts.mine.queryOptions());
  const rows = mine.data ?? [];
  return {
    toSign: rows.filter((c) => c.status === 'sent').length,
    documents: rows.flatMap((c) =>
      c.status === 'sealed' && c.pdfUrl
        ? [{ id: `contract-${c.id}`, title: `${c.title} (signed)`, url: c.pdfUrl, kind: 'pdf' as const }]
        : [],
    ),
  };
}
