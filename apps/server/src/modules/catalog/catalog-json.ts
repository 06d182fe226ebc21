import { catalogGame, gameSearchResponse, type CatalogGame } from '@kometa/contracts';

const serialized = new WeakMap<CatalogGame, string>();

/**
 * A game's JSON, checked against its contract and written once per game object: the catalogue's
 * snapshot keeps its objects between requests, so a search answer is mostly joined strings (the
 * response schema's check and serialisation were a fifth of a search's cost: bench/RESULTS.md).
 */
export function gameJson(game: CatalogGame): string {
  let json = serialized.get(game);
  if (json === undefined) {
    json = JSON.stringify(catalogGame.parse(game));
    serialized.set(game, json);
  }
  return json;
}

const searchTags = gameSearchResponse.shape.data.shape.tags;

/** The body of GET /game-search, as its contract describes it. */
export function searchAnswerJson(found: {
  items: CatalogGame[];
  count: number;
  tags: { name: string; locales: Record<string, string> }[];
}): string {
  const items = found.items.map(gameJson).join(',');
  const tags = JSON.stringify(searchTags.parse(found.tags));
  return `{"data":{"items":[${items}],"count":${Math.trunc(found.count)},"tags":${tags}}}`;
}
