import { MessageKey } from '@kometa/contracts';
import type { FastifySchemaValidationError } from 'fastify';

function messageKeyFor(issue: FastifySchemaValidationError): string {
  const params = issue.params as Record<string, unknown>;
  if (typeof issue.message === 'string' && issue.message.startsWith('errors.')) return issue.message;
  switch (issue.keyword) {
    case 'invalid_type':
      return typeof issue.message === 'string' && issue.message.includes('received undefined')
        ? MessageKey.notBlank
        : MessageKey.invalid;
    case 'too_small':
      return params.origin === 'string' && params.minimum === 1 ? MessageKey.notBlank : MessageKey.tooShort;
    case 'too_big':
      return params.origin === 'array' || params.origin === 'set' ? MessageKey.tooMany : MessageKey.tooLong;
    default:
      return MessageKey.invalid;
  }
}

/** Turns schema issues into `fields`: every failing field named with a message key. */
export function validationFields(
  issues: FastifySchemaValidationError[],
  context: string | undefined,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const params = issue.params as Record<string, unknown>;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
      for (const key of params.keys)
        fields[base ? `${base}.${String(key)}` : String(key)] ??= MessageKey.unknownField;
      continue;
    }
    const path = base || context || 'body';
    fields[path] ??= messageKeyFor(issue);
  }
  return fields;
}
