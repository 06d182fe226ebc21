export {
  openDatabase,
  queryRows,
  type Db,
  type Database,
  type DatabaseOptions,
  type RawSession,
} from './database.ts';
export { migrate, type MigrationResult } from './migrate.ts';
export { sqlState } from './sql-state.ts';
