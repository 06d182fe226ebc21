import type { DocumentType, ExclusionOptionId, VerificationStatus } from '@kometa/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';

export interface ExclusionState {
  options: { id: ExclusionOptionId; kind: 'timeout' | 'self_exclusion' }[];
  current: {
    kind: 'timeout' | 'self_exclusion';
    option: string;
    startedAt: number;
    until: number | null;
  } | null;
}

export interface VerificationInfo {
  form: { status: VerificationStatus; actions: string[] };
  reason: string | null;
  documents: {
    id: number;
    type: DocumentType;
    status: 'pending' | 'accepted' | 'refused';
    reason: string | null;
    createdAt: number;
  }[];
  documentTypes: DocumentType[];
  maxFileBytes: number;
  fileTypes: string[];
}

/** Self-exclusion and KYC (spec §2.1 /self-exclusion-option, /verification-info; ADR 018). */
export function protectionApi(api: ApiClient) {
  return {
    exclusion: () => api.get<ExclusionState>('/self-exclusion-option'),
    exclude: (option: string) => api.post<ExclusionState>('/self-exclusion-option', { option }),
    verification: () => api.get<VerificationInfo>('/verification-info'),
    upload: (type: string, file: File) => {
      // The API reads the type before the file (multipart order matters).
      const form = new FormData();
      form.append('type', type);
      form.append('file', file, file.name);
      return api.upload<VerificationInfo['documents'][number]>('/verification-info/documents', form);
    },
  };
}
