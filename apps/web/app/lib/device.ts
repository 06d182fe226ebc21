/** Phones and tablets count as mobile (spec §9), told apart by the user agent on the server. */
export const isMobileAgent = (userAgent: string | null | undefined) =>
  /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile/i.test(userAgent ?? '');
