/** A query value as the spec's client sends it: nested keys as a[b]=value, undefined skipped (§7). */
export type QueryValue =
  string | number | boolean | undefined | null | QueryValue[] | { [key: string]: QueryValue };

function append(params: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined) return;
  if (value === null) {
    params.append(key, '');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => append(params, `${key}[${index}]`, item));
  } else if (typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) append(params, `${key}[${name}]`, inner);
  } else {
    params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
}

export function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) append(params, key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
