export {
  newServerSeed,
  commitmentOf,
  seedMatches,
  blockOf,
  createDraws,
  type Draws,
} from './provably-fair.ts';
