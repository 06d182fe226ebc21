export { migrate, type MigrationResult } from '@kometa/db';
