import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api.ts';
import { errorText, useToast } from './feedback.tsx';

/**
 * An operator's change: while it runs the form is busy; when it succeeds its text is a toast and every
 * list is read again; when it fails, the fields the server named are shown at their fields (where the
 * screen shows them, `fieldErrors`), anything else is an error toast.
 */
export function useAction({ fieldErrors = true }: { fieldErrors?: boolean } = {}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  /** Runs `work` (which answers the success's text); true when it succeeded. */
  const run = useCallback(
    async (work: () => Promise<string>) => {
      setBusy(true);
      try {
        const done = await work();
        toast(done);
        setFields({});
        await queryClient.invalidateQueries();
        return true;
      } catch (error) {
        if (fieldErrors && error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setFields(error.fields);
        } else toast(errorText(error), true);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [fieldErrors, queryClient, toast],
  );
  return { run, fields, setFields, isBusy };
}
