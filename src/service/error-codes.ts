// The one list of the API's error codes (issue 31): every JSON error answer is
// `{ code, error }`, `code` one of these keys, stable for bots to switch on, `error` the words for
// people (which may change). A service refusal names its code in `fail(status, code, error)`
// (result.ts), the worker's own refusals in `problem(c, status, code, error)` (http.ts); both are
// type-checked against this list. The meanings are for the docs (docs/http.md, /openapi.json):
// the main Worker imports only the type, so they stay out of its bundle.

export const ERROR_CODES = {
  // The request itself
  invalid_body: 'the body (or a field of it) is not what the route takes; `error` says which field and why',
  invalid_query: 'a query parameter is not what the route takes; `error` says which and why',
  malformed_json: 'the body is not well-formed JSON',
  invalid_encoding: 'the body is not valid UTF-8 text',
  unsupported_media_type: 'a Content-Type the route does not take; `error` says what to send',
  body_too_large: 'the body is larger than the 64 KiB a request may carry',
  method_not_allowed: 'the path exists but not with this method (the Allow header lists the ones it takes)',
  unknown_route: 'no route has this path',
  websocket_required: 'this path is a WebSocket: open it with Upgrade: websocket',
  rate_limited: 'too many requests of this kind; the Retry-After header says how many seconds to wait',
  not_set_up: 'this feature is not configured on this server',
  bad_request: 'the request cannot be served as sent; `error` says why',
  internal_error: 'the server failed; try again later',
  // Who is asking
  token_required: 'no player token or key was sent (send Authorization: Bearer <token>)',
  bad_authorization: 'the Authorization header is not "Bearer <token>"',
  bad_token: "the token is not a player's token (or key) for this game",
  bad_key: 'the key is not a player key',
  bad_signature: "the request does not carry the chat service's valid signature or secret",
  bad_link: 'the signed link is not valid: used already, expired, or cut short',
  cross_origin: "the key cookie or a page form is only taken from this site's own pages",
  // What is asked for
  unknown_game: 'no game has this id',
  unknown_player: 'no player has this id',
  unknown_challenge: 'no challenge has this id',
  unknown_tournament: 'no tournament has this id',
  unknown_variant: 'no variant has this name',
  unknown_ply: 'the game has no such ply (yet)',
  unknown_diagram: 'the rules page has no diagram with this id',
  unknown_subscription: 'no push subscription with this endpoint',
  no_analysis: 'the game has no computer analysis yet (POST asks for one)',
  // The game's state
  stale_ply: 'the game has moved on since the ply you sent (or since you read it; turns taken back since count too): read the game again',
  future_ply: 'the ply you sent is ahead of the game: the next turn is the game ply + 1',
  game_over: 'the game is over (or was aborted): it takes no more turns or offers',
  game_not_over: 'the game is still going; this is only for finished games',
  not_your_turn: "it is the other side's turn",
  own_turn: 'it is your own turn: play it first (or: only the waiting side can do this)',
  illegal_turn: 'the turn (or a turn of a line or record) is not legal here; `error` says why',
  unreadable_turn: 'the turn cannot be read as notation; `at` is the offset where reading stopped',
  no_legal_turn: 'the side to move has no legal turn',
  no_offer: 'there is no offer from your opponent to accept or decline (or it is your own)',
  already_offered: 'you have made this offer already',
  offer_pending: 'your opponent has made this offer: accept or decline it first',
  too_late_to_abort: 'both sides have moved: resign or offer a draw instead',
  tournament_game: 'a tournament game cannot be aborted: resign or offer a draw',
  no_clock: 'the game has no clock or deadline for this',
  game_paused: 'the game is paused: its clock is stopped',
  deadline_not_passed: "the side to move's deadline has not passed yet",
  no_leave_left: 'you have too few leave days left',
  takebacks_off: 'the computer at this level grants no takebacks',
  nothing_to_take_back: 'there is no turn of the asking side to take back',
  hints_off: 'hints are off in this game',
  messages_private: "the players' messages are private in this game",
  too_many_lines: 'you have as many conditional lines as a game takes; clear some first',
  conflicting_lines: 'two conditional lines answer one position differently',
  // Creating and importing games
  invalid_options: 'the variant options are not valid',
  invalid_position: 'the position is not valid (or the game would be over before it starts)',
  invalid_record: 'the game record cannot be read; `error` says where',
  inconsistent_record: "the record's result or termination does not match its moves",
  refused_url: 'the URL (webhook, push endpoint) is one the URL policy refuses',
  // Players, challenges, tournaments
  not_a_player: 'you are not a player of this game',
  not_for_you: 'the challenge was sent to another player',
  not_creator: 'only the player who made it can do this',
  own_challenge: 'you cannot accept your own challenge',
  challenge_closed: 'the challenge is no longer open: accepted, declined, withdrawn or expired',
  already_joined: 'you have joined this tournament already',
  not_joined: 'you are not in this tournament',
  already_withdrawn: 'you have withdrawn from this tournament already',
  joining_closed: 'the tournament has started or finished: joining is closed',
  tournament_full: 'the tournament has as many players as it takes',
  tournament_started: 'the tournament has started already',
  tournament_over: 'the tournament is over',
  too_few_players: 'the tournament has too few players to start',
  too_many_rounds: 'more Swiss rounds than the players make possible',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
