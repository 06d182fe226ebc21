import type { SelfExclusionState, VerificationInfo } from '@kometa/contracts';
import type { RouterContextProvider } from 'react-router';
import type { ApiClient, ApiResponse } from '../../../lib/api-client.ts';
import { currentPlayer, serverApi } from '../../../lib/api.server.ts';

/** Self-exclusion and KYC (spec §2.1 /self-exclusion-option, /verification-info; ADR 018). */
export function protectionApi(api: ApiClient) {
  return {
    exclusion: () => api.get<SelfExclusionState>('/self-exclusion-option'),
    exclude: (option: string) => api.post<SelfExclusionState>('/self-exclusion-option', { option }),
    verification: () => api.get<VerificationInfo>('/verification-info'),
    upload: (type: string, file: File) => {
      // The API reads the type before the file (multipart order matters).
      const form = new FormData();
      form.append('type', type);
      form.append('file', file, file.name);
      return api.upload<VerificationInfo>('/verification-info/documents', form);
    },
  };
}

/**
 * What a protection page's loader reads for the signed-in player; null for a guest, whose page
 * explains and asks to log in (both pages are public).
 */
export async function readForPlayer<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  read: (protection: ReturnType<typeof protectionApi>) => Promise<ApiResponse<T>>,
): Promise<T | null> {
  if (!currentPlayer(context)) return null;
  return (await read(protectionApi(await serverApi(request, context)))).data ?? null;
}
