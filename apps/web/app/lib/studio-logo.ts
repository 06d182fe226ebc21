/** A studio's logo, drawn by the API as SVG (ADR 050): the same address for every page that shows it. */
export const studioLogoSrc = (canonical: string) =>
  `/api/v18/developer-logos/${encodeURIComponent(canonical)}.svg`;
