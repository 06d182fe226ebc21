export { sqlState } from '@kometa/db';
