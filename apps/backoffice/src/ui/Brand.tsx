import { ru } from '../i18n/ru.ts';

/** The platform's mark and name (the sidebar, the sign-in page). */
export function Brand() {
  return (
    <div className="brand">
      <span className="brand-mark" aria-hidden>
        К
      </span>
      <span>
        <span className="brand-name">{ru.app.name}</span>
        <br />
        <span className="brand-product">{ru.app.product}</span>
      </span>
    </div>
  );
}
