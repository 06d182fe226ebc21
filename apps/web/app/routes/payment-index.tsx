import { redirect } from 'react-router';

/** /payment opens the deposit tab (spec §2.1). */
export function loader() {
  throw redirect('/payment/deposit');
}
