import { describe, expect, it } from 'vitest';
import { loggableUrl } from './access-log.ts';

describe('the access log keeps no secret of the address', () => {
  it('logs the route pattern and the query names, never a token or an e-mail', () => {
    expect(loggableUrl('/api/v18/resetting/reset/Sup3rSecretToken', '/api/v18/resetting/reset/:token')).toBe(
      '/api/v18/resetting/reset/:token',
    );
    const mailbox = loggableUrl('/api/dev/mailbox?to=victim%40example.com&x=1', '/api/dev/mailbox');
    expect(mailbox).toBe('/api/dev/mailbox?to=…&x=…');
    expect(mailbox).not.toContain('victim');
    expect(loggableUrl('/no/such/secret-path', undefined)).toBe('(unmatched, 20 characters)');
  });
});
