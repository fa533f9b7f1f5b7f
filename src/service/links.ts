// The links the service hands out: each player's secret page and the spectators' page.

/** Where links point: PUBLIC_URL when set, else the origin of the request. */
export interface LinkBase {
  readonly origin: string;
}

export function playerLinks(base: LinkBase, id: string, tokens: { white?: string; black?: string }) {
  const page = `${base.origin}/games/${id}`;
  return {
    ...(tokens.white ? { white: `${page}?token=${tokens.white}` } : {}),
    ...(tokens.black ? { black: `${page}?token=${tokens.black}` } : {}),
    spectator: page,
  };
}
