import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { countOf } from '../lib/format.ts';
import { studioLogoSrc } from '../lib/studio-logo.ts';
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
              <img
                className="developer-logo"
                src={studioLogoSrc(developer.canonical)}
                alt=""
                height={36}
                loading="lazy"
              />
              {/* The logo's wordmark says the name; the link still reads it as text. */}
              <strong className="visually-hidden">{developer.name}</strong>
              <span>{countOf(developer.gamesCount, ru.lobby.games)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
