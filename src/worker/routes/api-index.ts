// Where the API begins: GET /api (an index) and /openapi.json (the document, made by the picture Worker).
import { Hono } from 'hono/tiny';
import { sideWorker } from '../board-png.ts';
import { linkBase, type AppEnv } from '../http.ts';

export const apiIndex = new Hono<AppEnv>()
  .get('/openapi.json', async (c) => c.json(await sideWorker(c.env).openapi(linkBase(c).origin)))

  .get('/api', (c) => c.json(API_INDEX));

/** Where to go from /api (the benchmark's floor route: it answers without reading anything). */
const API_INDEX = {
  name: 'subspace',
  openapi: '/openapi.json',
  newGame: 'POST /api/games',
  lobby: '/api/challenges',
  tournaments: '/api/tournaments',
  me: '/api/me',
} as const;
