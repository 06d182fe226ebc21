import { customType, timestamp } from 'drizzle-orm/pg-core';

/** PGlite answers bytea as Uint8Array and node-postgres as Buffer: always hand out a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Every timestamp column is `timestamptz`. */
export const ts = (name: string) => timestamp(name, { withTimezone: true });
