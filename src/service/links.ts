// The links the service hands out: each player's secret page and the spectators' page.

/** Where links point: PUBLIC_URL when set, else the origin of the request. */
export interface LinkBase {
  readonly origin: string;
}

/** Where links point when neither PUBLIC_URL nor a request nor the game says: the local server (`npm start`). */
export const LOCAL_ORIGIN = 'http://localhost:8787';

/** The first origin known (PUBLIC_URL, the request's, the game's, ...) without trailing slashes; the local server's when none is. */
export const linkOrigin = (...known: (string | null | undefined)[]): string => (known.find(Boolean) || LOCAL_ORIGIN).replace(/\/+$/, '');

export function playerLinks(base: LinkBase, id: string, tokens: { white?: string; black?: string }) {
  const page = `${base.origin}/games/${id}`;
  return {
    ...(tokens.white ? { white: `${page}?token=${tokens.white}` } : {}),
    ...(tokens.black ? { black: `${page}?token=${tokens.black}` } : {}),
    spectator: page,
  };
}
