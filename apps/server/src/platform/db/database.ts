export {
  openDatabase,
  queryRows,
  type Db,
  type Database,
  type DatabaseOptions,
  type RawSession,
} from '@kometa/db';
