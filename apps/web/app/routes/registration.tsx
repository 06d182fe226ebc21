import { redirect } from 'react-router';

/** Spec §2.1 /registration: the home page with the registration modal open (#register). */
export function loader() {
  throw redirect('/#register');
}
