import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ru } from '../i18n/ru.ts';
import { serverApi } from '../lib/api.server.ts';
import { isMobileAgent } from '../lib/device.ts';
import { requirePlayer } from '../features/auth/require-player.ts';
import { lobbyApi } from '../features/lobby/api/lobby.server.ts';
import { GameSection } from '../features/lobby/components/GameGrid.tsx';

/** Games chosen for the player from what they play (spec §2.1 /games/recommended), then the new ones. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePlayer(request, context);
  const lobby = lobbyApi(await serverApi(request, context));
  const isMobile = isMobileAgent(request.headers.get('user-agent'));
  const [personal, fresh] = await Promise.all([
    lobby.recommended('personal', isMobile),
    lobby.recommended('new', isMobile),
  ]);
  return { personal, fresh };
}

export default function LobbyRecommended() {
  const { personal, fresh } = useLoaderData<typeof loader>();
  return (
    <>
      <GameSection id="lobby-personal" title={ru.lobby.forYou} games={personal} />
      <GameSection id="lobby-new" title={ru.lobby.newGames} games={fresh} />
    </>
  );
}
