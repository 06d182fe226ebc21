import { useQuery } from '@tanstack/react-query';
import type { KycDocumentRow } from '@kometa/contracts';
import { api } from '../../lib/api.ts';
import { ru } from '../../i18n/ru.ts';
import { errorText } from '../../ui/feedback.tsx';
import { DocumentViewer } from './KycQueue.tsx';

const K = ru.kyc;

/** The player's card, tab «Верификация»: every document they sent, each in the viewer with its decision. */
export function PlayerKyc({ playerId }: { playerId: string }) {
  const documents = useQuery({
    queryKey: ['player-kyc', playerId],
    queryFn: () =>
      api<{ items: KycDocumentRow[] }>('GET', '/kyc-documents', {
        query: { playerId, sort: 'id', order: 'desc', pageSize: 50 },
      }),
  });
  if (documents.error)
    return (
      <div className="card state" role="alert">
        {errorText(documents.error)}
      </div>
    );
  if (!documents.data) return <div className="card skeleton" />;
  if (documents.data.items.length === 0) return <div className="card state">{K.noDocuments}</div>;
  return (
    <div className="grid grid-2" style={{ alignItems: 'start' }}>
      {documents.data.items.map((doc) => (
        <DocumentViewer key={doc.id} document={doc} />
      ))}
    </div>
  );
}
