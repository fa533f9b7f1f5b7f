// A tournament game's start says which tournament and round it is of: its game-start event gets
// them here, before every sink (mail, chat, push, webhooks) puts it in words. One D1 read, only
// for the start of a tournament's game; the other events of its games carry the tournament's id alone.
import type { EventSink, TournamentRound } from '../service/ports.ts';

/** Where a game's tournament and round are read (src/db/tournament-store.ts). */
export interface TournamentRounds {
  roundOfGame(gameId: string): Promise<TournamentRound | undefined>;
}

/** `sink`, with a tournament game's `game-start` events naming its tournament and round. */
export function withTournamentRound(sink: EventSink, rounds: TournamentRounds): EventSink {
  return {
    async publish(row, events, lastMove) {
      if (!row.tournamentId || !events.some((e) => e.type === 'game-start')) return sink.publish(row, events, lastMove);
      // Unread, the start still goes out, as a tournament game's without the name.
      const round = await rounds.roundOfGame(row.id).catch((e: unknown) => {
        console.error(`game ${row.id}: its tournament round could not be read:`, e instanceof Error ? e.message : String(e));
        return undefined;
      });
      const named = round ? events.map((e) => (e.type === 'game-start' ? { ...e, tournament: round } : e)) : events;
      return sink.publish(row, named, lastMove);
    },
  };
}
