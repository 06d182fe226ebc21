import { Link } from 'react-router';

/** A page that says one thing and offers one way on: a payment that failed, a window to close, … */
export function MessagePage({
  title,
  text,
  isStatus = false,
  link,
  className = 'page',
}: {
  title: string;
  text: string;
  /** The text reports how something ended (read out as it appears). */
  isStatus?: boolean;
  link: { to: string; label: string; look?: 'primary' | 'accent' };
  className?: string;
}) {
  return (
    <main id="content" className={className}>
      <h1>{title}</h1>
      <p role={isStatus ? 'status' : undefined}>{text}</p>
      <Link className={`button button-${link.look ?? 'primary'}`} to={link.to}>
        {link.label}
      </Link>
    </main>
  );
}
