import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { countOf } from '../lib/format.ts';
import { lobbyApi } from '../features/lobby/api/lobby.server.ts';

/** The studios (spec §2.1 /games/developer), each with how many games it has. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { developers: await lobbyApi(await serverApi(request, context)).developers() };
}

export default function LobbyDevelopers() {
  const { developers } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="lobby-developers">
      <h2 id="lobby-developers">{ru.lobby.developers}</h2>
      <ul className="developer-list">
        {developers.map((developer) => (
          <li key={developer.id}>
            <Link to={`/games/developer/${developer.canonical}`}>
              <strong>{developer.name}</strong>
              <span>{countOf(developer.gamesCount, ru.lobby.games)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
