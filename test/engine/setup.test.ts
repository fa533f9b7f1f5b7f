// Set-up positions: every position a game reaches is a valid set-up, and what no
// game can reach is refused with the reason (docs/comforts.md#set-up-positions).
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/engine/game.ts';
import { getVariant, variantNames } from '../../src/engine/variants/index.ts';
import { prng, randomGame } from './helpers.ts';

const OPTION_SETS: [string, unknown][] = [
  ...variantNames().map((name): [string, unknown] => [name, {}]),
  ['curved-space', { platforms: 2 }],
  ['curved-space', { platforms: 7, platformMoves: 'after-capture' }],
];

describe.each(OPTION_SETS)('%s %j: positions of random games are valid set-ups', (name, options) => {
  it('every position of 12 random games starts a game of its own, which goes on the same', () => {
    const variant = getVariant(name)!;
    const parsed = variant.parseOptions(options);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const random = prng(name.length * 7919 + JSON.stringify(options).length);
    let checked = 0;
    for (let g = 0; g < 12; g++)
      for (const pos of randomGame(variant, variant.initial(parsed.value), 70, random)) {
        const text = variant.formatPosition(pos);
        const game = Game.setUp(name, options, text);
        expect(game.ok ? game.value.positionText : game.error.message).toBe(text);
        if (game.ok) expect(game.value.legalTexts().length).toBe(variant.legalMoves(pos).length);
        checked++;
      }
    expect(checked).toBeGreaterThan(200);
  }, 240_000);
});

const FC_PLATFORMS = 'Na1u:2/2,Nd1u:2/2,Na4u:2/2,Nd4u:2/2';
const WF_START = '4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 Wa1u*w:PP/RQ,Wd1u*w:PP/KR,Ba4u*b:rq/pp,Bd4u*b:kr/pp - w - -';
const CS_PLATFORMS = 'Wa1u*1:2/2,Nd1d*2:2/2,Na4u*4:2/2,Bd4u*3:2/2';

/** [variant, options, position text, what the refusal must say]. */
const ILLEGAL: [string, unknown, string, RegExp][] = [
  // First Contact
  ['first-contact', {}, `4/r3/4/K3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - b - -`, /the white king on Wa1 is attacked by the rook on Wa3, but Black is to move/],
  ['first-contact', {}, `4/4/4/KRRR|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - -`, /White has 3 rooks on the field and in hand; a set has 2/],
  [
    'first-contact',
    {},
    `4/4/4/KQ2|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} Q w - -`,
    /White has 2 queens on the field and in hand; a set has 1 \(no variant promotes pawns\)/,
  ],
  ['first-contact', {}, `4/4/4/R3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - -`, /White has no king, on the field or in hand/],
  ['first-contact', {}, `4/4/4/4|4/4/4/4|4/4/4/4 Na1u:2/2 Kk w - 3`, /with 1 placed it is Black's turn to place one/],
  ['first-contact', {}, `4/4/4/P3|4/4/4/4|4/4/4/4 Na1u:2/2 Kk b - 3`, /pawn on Wa1 stands on the field while platforms are still being placed/],
  ['first-contact', {}, `4/4/4/K3|4/4/4/4|4/4/4/4 Na1u:2/2,Nd1u:2/2 k w - 2`, /king on Wa1 stands on the field while platforms are still being placed/],
  [
    'first-contact',
    {},
    `4/4/4/4|4/4/4/4|4/4/4/4 ${FC_PLATFORMS} Kk b - -`,
    /White places its king first: Black cannot be to move while both kings are in hand/,
  ],
  ['first-contact', {}, `4/4/4/4|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} K w - -`, /White places its king first: Black's king cannot stand while White's is in hand/],
  ['first-contact', {}, `4/4/4/K3|4/4/4/4|4/4/4/4 ${FC_PLATFORMS} k w - -`, /Black still has to place its king, so Black must be to move/],
  ['first-contact', {}, `4/4/4/KN2|4/4/4/4|4/4/4/4 ${FC_PLATFORMS} k b - -`, /knight on Wb1 stands on the field before both kings are placed/],
  ['first-contact', {}, `4/4/4/K3|4/4/4/4|4/4/4/4 ${FC_PLATFORMS} k b Na1 -`, /no platform can have moved yet .* Na1 cannot be locked/],
  ['first-contact', {}, `4/4/4/K3|4/4/4/4|3k/4/4/4 Na1u:2/2,Nd1u:2/2,Na4u:2/2 - w - -`, /four platforms, placed and still to place; this position has 3/],
  ['first-contact', {}, `4/4/4/K3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - - after-capture`, /First Contact has no after-capture rule/],
  // Warp Factor
  ['warp-factor', {}, WF_START.replace('PP/RQ', 'PP/R1').replace(' - w', ' Q w'), /Warp Factor has no pieces in hand/],
  ['warp-factor', {}, WF_START.replace(' w - -', ' w - 1'), /none is left to place/],
  ['warp-factor', {}, WF_START.replace('Ba4u*b', 'Ba4u*w'), /White owns 3 and Black 1/],
  ['warp-factor', {}, WF_START.replace('kr/pp', '1r/pp'), /Black has no king/],
  ['warp-factor', {}, WF_START.replace(' w - -', ' w Wa1 -'), /Warp Factor has no platform lock/],
  ['warp-factor', {}, WF_START.replace('4/4/PPPP/NBBN', '4/4/PPPP/NBBR'), /White has 3 rooks/],
  [
    'warp-factor',
    {},
    '4/q3/4/K3|4/4/4/4|3k/4/4/4 Wa1u*w:2/2,Wd1u*w:2/2,Ba4u*b:2/2,Bd4u*b:2/2 - b - -',
    /white king on Wa1 is attacked by the queen on Wa3, but Black is to move/,
  ],
  // Curved Space
  [
    'curved-space',
    {},
    `4/4/4/4|4/4/4/4|4/4/4/4 Wa1u*1:2/2,Nd1d*2:2/2,Bd4u*5:2/2 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w - 3,4`,
    /platform 5 is not in a game with 4 platforms/,
  ],
  [
    'curved-space',
    {},
    `4/4/4/4|4/4/4/4|4/4/4/4 Wa1u*1:2/2,Nd1d*2:2/2 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w - 4`,
    /platform 3 is neither on the field nor still to place/,
  ],
  [
    'curved-space',
    { platforms: 5 },
    `4/4/4/4|4/4/4/4|4/4/4/4 ${CS_PLATFORMS} Kk w - -`,
    /platform 5 is neither on the field nor still to place; a game with 5 platforms/,
  ],
  ['curved-space', {}, `4/4/4/K2q|4/4/4/4|3k/4/4/4 ${CS_PLATFORMS} - b - -`, /white king on Wa1 is attacked by the queen on Wd1, but Black is to move/],
  ['curved-space', {}, `4/4/4/K3|4/4/4/4|3k/4/4/4 ${CS_PLATFORMS} BBB w - -`, /White has 3 bishops/],
  ['curved-space', {}, `4/4/4/K3|4/4/4/4|3k/4/4/4 ${CS_PLATFORMS} - w Wa1 -`, /Curved Space has no platform lock/],
  // Planar Chess (its position text refuses these as it is read)
  ['planar', {}, '4/4/4/K2r|4/4/4/4|4/4/4/4|3k/4/4/4 - b', /white king on Aa1 is attacked by the rook on Ad1, but Black is to move/],
  ['planar', {}, '4/4/4/KRRR|4/4/4/4|4/4/4/4|3k/4/4/4 - w', /White has 3 rooks on the cube and in hand; a set has 2/],
  ['planar', {}, '4/4/4/K3|4/4/4/4|4/4/4/4|4/4/4/4 - b', /Black has no king/],
];

describe('illegal set-ups are refused, saying why', () => {
  it.each(ILLEGAL)('%s %j %s', (name, options, text, message) => {
    // Each case reads as a position: only the set-up rules refuse it.
    expect(Game.create(name, options, text).ok).toBe(name === 'planar' ? false : true);
    const game = Game.setUp(name, options, text);
    expect(game.ok).toBe(false);
    if (!game.ok) {
      expect(game.error.kind).toBe('position');
      expect(game.error.message).toMatch(message);
    }
  });
});

describe('set-ups a game can start from', () => {
  const LEGAL: [string, unknown, string][] = [
    // A finished position is a valid set-up (the service refuses to start a game from it).
    ['first-contact', {}, `4/r3/4/K3|4/4/4/4|3k/4/4/4 ${FC_PLATFORMS} - w - -`],
    // Odds: fewer pieces than a set, in hand or on the field.
    ['first-contact', {}, `4/4/4/4|4/4/4/4|4/4/4/4 - KQRBkqrrbbnnpppppppp w - 4`],
    ['curved-space', { platformMoves: 'after-capture' }, `4/4/4/K3|4/4/4/4|3k/4/4/4 ${CS_PLATFORMS} Q w - - after-capture`],
    ['curved-space', { platforms: 6 }, `4/4/4/4|4/4/4/4|4/4/4/4 ${CS_PLATFORMS} Kk w - 5,6`],
    // Five platforms: White placed the fifth, so Black places its king first.
    ['curved-space', { platforms: 5 }, `4/4/4/4|4/4/4/4|4/4/4/4 ${CS_PLATFORMS.replace('Bd4u*3:2/2', 'Bd1d*5:2/2,Bd4u*3:2/2')} Kk b - -`],
    ['warp-factor', {}, '4/4/4/K3|4/4/4/4|3k/4/4/4 Wa1u*w:2/2,Wd1u*w:2/2,Ba4u*b:2/2,Bd4u*b:2/2 - b - -'],
    ['planar', {}, '4/4/4/K3|4/4/4/4|4/4/4/4|3ky/4/4/4 Q b'],
  ];
  it.each(LEGAL)('%s %j %s', (name, options, text) => {
    const game = Game.setUp(name, options, text);
    expect(game.ok ? game.value.positionText : game.error.message).toBe(text);
  });
  it('the finished First Contact set-up is over: Black won by check', () => {
    const game = Game.setUp('first-contact', {}, LEGAL[0]![2]);
    expect(game.ok && game.value.outcome()).toEqual({ result: '0-1', winner: 'black', reason: 'check' });
  });
});
