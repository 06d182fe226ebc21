import { redirect, type LoaderFunctionArgs } from 'react-router';
import { requirePlayer } from '../features/auth/require-player.ts';

/**
 * The deposit's gift step (spec §2.1 /payment-deposit) lives above the deposit's form, where the bonus
 * it gives is counted from the sum typed: this address leads there.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  throw redirect(`/payment/deposit${new URL(request.url).search}`);
}
