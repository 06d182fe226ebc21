import { redirect, type LoaderFunctionArgs } from 'react-router';

/** Spec §2.1: /payment/processing/{paymentId} is the pending page under another name. */
export function loader({ params }: LoaderFunctionArgs) {
  throw redirect(`/deposit-pending/${encodeURIComponent(params.id ?? '')}`);
}
