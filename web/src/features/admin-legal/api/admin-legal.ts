import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legalDocument, updateLegalDocument, type LegalDocumentName } from '@tollgate/contract/general/legal';
import { call } from '#lib/api-client.ts';

const legalKey = (document: LegalDocumentName) => ['legal', document] as const;

export function useLegalDocument(document: LegalDocumentName) {
  return useQuery({
    queryKey: legalKey(document),
    queryFn: ({ signal }) => call(legalDocument, { params: { document }, signal }),
  });
}

export function useSaveLegalDocument(document: LegalDocumentName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => call(updateLegalDocument, { params: { document }, body: { body } }),
    onSuccess: (saved) => queryClient.setQueryData(legalKey(document), saved),
  });
}
