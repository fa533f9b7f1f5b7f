// What the rules pages say, variant by variant: plain words, diagrams (a real position plus the
// piece whose legal targets the engine marks) and notation examples, each with a position in which
// the engine accepts it. Text in `backticks` is shown as code. The service test replays every
// example and diagram of every page, so a rules change that makes one wrong fails a test. Planar
// Chess's page is in rules-planar.ts; the types and helpers of every page in rules-text.ts.
import type { VariantName } from '../../engine/types.ts';
import { notation, playedIn, winning, type Block, type DiagramText, type RulesText, type Section } from './rules-text.ts';
import { planar } from './rules-planar.ts';

// ---- positions ------------------------------------------------------------------

/** ST3D: kings placed, four platforms, everything else in hand (First Contact). */
const FC_PLATFORMS = 'Wa4u:2/2,Wd1u:2/2,Ba1d:2/2,Bd4u:2/2';
const fc = (w: string, n: string, b: string, platforms = FC_PLATFORMS, hands = 'QRRBBNNPPPPPPPPqrrbbnnpppppppp') =>
  `${w}|${n}|${b} ${platforms} ${hands} w - -`;
const FC_START = '4/4/4/4|4/4/4/4|4/4/4/4 - KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w - 4';
const FC_KINGS = '4/4/4/4|4/4/4/4|4/4/4/4 Wa4u:2/2,Wd1u:2/2,Ba1d:2/2,Bd4u:2/2 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w - -';
/** White to play: knight Wb1, pawn Wb2, bishop Wa4u:b2; black pawns on Wa3 and Wb4. */
const FC_PLAY = '1p2/p3/1P2/1N1K|4/4/4/4|3k/4/4/4 Wa4u:1B/2,Wd1u:2/2,Ba1d:2/2,Bd4u:2/2 QRRBNPPPPPPPqrrbbnnpppppp w - -';
/** The end of a short First Contact game: 1. @Wa4u @Ba1d 2. @Wd1u @Bd4u 3. K@Wd1 K@Ba1 4. Q@Wb4 P@Bb1, White to play. */
const FC_BEFORE_WIN = '1Q2/4/4/3K|4/4/4/4|4/4/4/kp2 Wa4u:2/2,Wd1u:2/2,Ba1d:2/2,Bd4u:2/2 RRBBNNPPPPPPPPqrrbbnnppppppp w - -';

const WF_START = '4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 Wa1u*w:PP/RQ,Wd1u*w:PP/KR,Ba4u*b:rq/pp,Bd4u*b:kr/pp - w - -';
const WF_PLATFORMS = 'Wa1u*w:2/2,Wd1u*w:2/2,Na1d*b:2/2,Nd1d*b:2/2';
const WF_BEFORE_MATE = `4/4/4/K3|4/4/4/4|k3/3R/4/1Q2 ${WF_PLATFORMS} - w - -`;

/** The original text's example: platforms 1 Wa1u, 2 Nd1d, 3 Bd4u, 4 Na4u. */
const CS_PLATFORMS = 'Wa1u*1:2/2,Nd1d*2:2/2,Na4u*4:2/2,Bd4u*3:2/2';
const cs = (w: string, n: string, b: string, platforms = CS_PLATFORMS, rest = '- w - -') => `${w}|${n}|${b} ${platforms} ${rest}`;
const CS_START = '4/4/4/4|4/4/4/4|4/4/4/4 - KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w - 1,2,3,4';
/** Curved Space hands: White's pieces in hand, then Black's full set but the king. */
const csRest = (white: string, extra = '') => `${white}qrrbbnnpppppppp w - -${extra}`;
const CS_AFTER = { platforms: 4, platformMoves: 'after-capture' };
/** Curved Space play: a white rook on `Wb3`, the w cell of W, where the worm-hole starts. */
const CS_ROOK = cs('3K/1R2/4/4', '4/4/4/4', '4/4/4/k3', CS_PLATFORMS, csRest('QRBBNNPPPPPPPP'));

// ---- shared ST3D text -----------------------------------------------------------------

const FIELD: Section = {
  id: 'field',
  title: 'The field',
  blocks: [
    'Three small 4x4 boards, the **levels**, are stacked like a tower: **W** (White\u2019s, lowest), **N** (Neutral, in the middle) and **B** (Black\u2019s, highest). A cell is written with its level, a file `a`\u2013`d` and a rank `1`\u2013`4`: `Wa1`, `Nc3`, `Bd4`.',
    'Each level is two storeys above the one below and shifted two ranks away from White, so neighbouring levels overlap by two ranks: `Na1` is straight above `Wa3`, `Ba1` straight above `Na3`.',
    'Every level has four **pins** at its corners (`a1`, `d1`, `a4`, `d4`), twelve in all. A pin may hold an **attack platform**, a 2x2 board, either **upright** (`u`, one storey above its level) or **inverted** (`d`, one storey below). A platform is named by its pin and that letter (`Wa1u`, `Nd1d`), and its four cells `a1 b1 a2 b2` after a colon: `Wa1u:b2`. A platform sticks out diagonally from its corner, so its inner cell is straight above (or below) the level\u2019s corner cell: `Wa1u:b2` is above `Wa1`.',
  ],
};

const SPACE: Section = {
  id: 'moving',
  title: 'How the pieces move',
  blocks: [
    'Pieces move through space in steps of one cell: **orthogonally** (along a file, along a rank, or straight up or down), **diagonally** on a level (file and rank both change), or **triagonally** (file, rank and height all change). A sliding piece repeats its step while the next cell exists and is empty, and may end by capturing the first enemy piece it meets. **A slide stops at a gap**: where there is no cell (off a level\u2019s edge, or empty air) it ends. Since the levels are two storeys apart, a piece changes level only through a platform cell, or by starting from one.',
    [
      '**Rook**: slides orthogonally \u2014 also straight up and down, through platforms.',
      '**Bishop**: slides diagonally on a level, or takes one triagonal step.',
      '**Queen**: slides like a rook or a bishop, or takes one triagonal step.',
      '**King**: one step orthogonally, diagonally on the level, or triagonally.',
      '**Knight**: leaps two cells one way and one cell another (also upwards); it ignores what it leaps over. A leap from one fixed level to another must pass a platform: the cell one storey above (or below) its starting cell, in the direction of the leap, must be a platform cell.',
      '**Pawn**: there is no \u201cforwards\u201d: it steps orthogonally onto an empty cell in any direction, and captures one step diagonally on the level or triagonally. Pawns never promote.',
    ],
    'In each diagram the piece that moves is tinted yellow and every cell the engine lets it reach is marked with a green dot (a ring where it would capture).',
  ],
};

/** The ST3D field as every ST3D page explains it, with the page's own diagrams (and words). */
const field = (diagrams: readonly DiagramText[], more: readonly Block[] = []): Section => ({ ...FIELD, blocks: [...FIELD.blocks, ...more], diagrams });

/** How ST3D pieces move, with the page's own diagrams. */
const space = (diagrams: readonly DiagramText[]): Section => ({ ...SPACE, diagrams });

// ---- the pages ----------------------------------------------------------------------------

const firstContact: RulesText = {
  summary: 'The field starts empty. Place four platforms, then the kings, then drop and move your pieces: the first turn that attacks the enemy king wins.',
  sections: [
    field([
      {
        id: 'field',
        position: fc('4/4/4/3K', '4/4/4/4', '3k/4/4/4'),
        caption:
          'Four platforms: `Wa4u` and `Wd1u` upright above White\u2019s level, `Ba1d` inverted under Black\u2019s level and `Bd4u` upright. The dashed outlines are the vacant pins. Kings on `Wd1` and `Bd4`.',
      },
    ]),
    space([
      {
        id: 'rook',
        position: fc('R3/4/4/3K', '4/4/4/4', '3k/4/4/4', FC_PLATFORMS, 'QRBBNNPPPPPPPPqrrbbnnpppppppp'),
        from: 'Wa4',
        caption:
          'A rook on `Wa4` slides along its level, and straight up through the platform `Wa4u` to `Na2` and on to the platform `Ba1d` under Black\u2019s level.',
      },
      {
        id: 'queen',
        position: fc('4/4/4/3K', '4/4/4/4', '3k/4/4/4', 'Wa4u:2/1Q,Wd1u:2/2,Ba1d:2/2,Bd4u:2/2', 'RRBBNNPPPPPPPPqrrbbnnpppppppp'),
        from: 'Wa4u:b1',
        caption:
          'A queen on the platform cell `Wa4u:b1`: it steps down to `Wa4`, slides across its platform, up to the Neutral level and beyond, and steps triagonally onto `Wb3` and `Nb1`.',
      },
      {
        id: 'knight',
        position: fc('N3/4/4/3K', '4/4/4/4', '3k/4/4/4', FC_PLATFORMS, 'QRRBBNPPPPPPPPqrrbbnnpppppppp'),
        from: 'Wa4',
        caption: 'A knight on `Wa4`: two leaps on its level, and three up to the Neutral level, allowed because the platform `Wa4u` is above it.',
      },
      {
        id: 'pawn',
        position: FC_PLAY,
        from: 'Wb2',
        caption:
          'A pawn on `Wb2` steps orthogonally onto an empty cell \u2014 forwards, backwards or sideways \u2014 and captures diagonally: here the black pawn on `Wa3`.',
      },
      {
        id: 'bishop',
        position: FC_PLAY,
        from: 'Wa4u:b2',
        caption:
          'A bishop on the platform cell `Wa4u:b2`: diagonally across its platform, and one triagonal step down to the level, where it may capture the black pawn on `Wb4`.',
      },
    ]),
    {
      id: 'platforms',
      title: 'Moving platforms',
      blocks: [
        'Instead of moving a piece you may move a platform, if it qualifies:',
        [
          'a platform carrying exactly one piece, one of **your pawns**, moves with the pawn to a vacant pin next to it on the same level (`a1`\u2013`d1`, `a1`\u2013`a4`, `d1`\u2013`d4`, `a4`\u2013`d4`) or to the same pin of the next level up or down, keeping its orientation;',
          'an **empty** platform may only go to an inverted position: turn over on its own pin, or go to one of those neighbouring pins turned over;',
          'the platform that moved last may not move again until another platform has moved. The board shows it with a lock.',
        ],
        'A platform move is written pin to pin: `Wa4u-Na4u`.',
      ],
      diagrams: [
        {
          id: 'platform-pawn',
          position: fc('4/4/4/3K', '4/4/4/4', '3k/4/4/4', 'Wa4u:2/1P,Wd1u:2/2,Ba1d:2/2,Bd4u:2/2', 'QRRBBNNPPPPPPPqrrbbnnpppppppp'),
          from: 'Wa4u',
          caption: 'The platform `Wa4u` carries one white pawn, so White may move it, pawn and all, to the marked pins.',
        },
        {
          id: 'platform-empty',
          position: fc('4/4/4/3K', '4/4/4/4', '3k/4/4/4'),
          from: 'Wa4u',
          caption: 'An empty platform may only turn over: on its own pin or on a neighbouring one.',
        },
      ],
    },
    {
      id: 'playing',
      title: 'Setting up and playing',
      blocks: [
        'Everything starts off the field: the four platforms and each player\u2019s whole set of pieces.',
        [
          '**Platforms.** White, Black, White, Black: each places one platform on a vacant pin, either way up: `@Wa1u`.',
          '**Kings.** White, then Black, puts the king on an empty cell of their own level (White on W, Black on B): `K@Wd1`.',
          '**Play.** Then each turn is one of: a **drop** of a piece from your hand onto an empty cell of your own level (never onto a platform), a **piece move**, or a **platform move**.',
        ],
      ],
      diagrams: [{ id: 'start', position: FC_START, caption: 'The start: the field is empty and both players hold their whole set.' }],
    },
    winning(
      'The **first turn that attacks the enemy king wins** \u2014 check is enough. A turn that would leave your own king attacked is not allowed, even if it attacks theirs. A drop or a platform move that attacks the king wins too. A player with no legal turn is stalemated: the game is drawn. Games also end by resignation, an agreed draw, running out of time, or the same position coming up a third time (a draw).',
      {
        id: 'win',
        position: FC_BEFORE_WIN,
        play: 'Wb4-Wa4u:b2',
        caption:
          'White\u2019s queen steps onto the platform `Wa4u` and attacks Black\u2019s king on `Ba1` straight up through `Na3` and the platform `Ba1d`: the first check wins.',
      },
    ),
  ],
  notation: notation(
    'Every turn is one short line. The server adds `+` to a turn that attacks the enemy king and `#` to one that wins. You may also type a piece letter in front (`NWb1-Nc3`), lower-case level and file letters (`wb1-nc3`), and leave out a platform\u2019s `u`/`d` when its pin holds one (`Wa4:b2`).',
    [
      ...playedIn(FC_START, [['@Wa1u', 'place a platform on a vacant pin (u upright, d inverted)']]),
      ...playedIn(FC_KINGS, [['K@Wd1', 'place your king on your own level']]),
      ...playedIn(FC_PLAY, [
        ['N@Wc1', 'drop a piece from your hand on your own level'],
        ['Wb1-Wc3', 'move a piece'],
        ['Wa4u:b2xWb4', 'capture'],
      ]),
      ...playedIn(fc('4/4/4/3K', '4/4/4/4', '3k/4/4/4'), [['Wa4u-Wa4d', 'move a platform (here: turn it over)']]),
      ...playedIn(FC_PLAY, [['wa4:b2-wb4', 'the same capture, typed loosely']], { loose: true }),
    ],
  ),
};

const warpFactor: RulesText = {
  summary: 'Franz Joseph\u2019s standard set-up on the Star Trek field, a full set each, with warp leaps between levels and platforms you own: checkmate wins.',
  sections: [
    field([
      {
        id: 'start',
        position: WF_START,
        caption:
          'The start. White\u2019s platforms stand on `Wa1u` and `Wd1u`, Black\u2019s on `Ba4u` and `Bd4u`; the dot before a platform\u2019s name shows its owner. The Neutral level is empty.',
      },
    ]),
    space([
      {
        id: 'rook',
        position: `4/4/4/K3|4/4/4/4|k3/3R/4/4 ${WF_PLATFORMS} - w - -`,
        from: 'Bd3',
        caption: 'A white rook on Black\u2019s level: along its rank and file, and by warp leaps to `Wd3` and `Nd3`.',
      },
      { id: 'bishop', position: WF_START, from: 'Wb1', caption: 'At the start a bishop on `Wb1` is hemmed in on its level, but may warp to `Nb1` or `Bb1`.' },
    ]),
    {
      id: 'warp',
      title: 'Warp leaps',
      blocks: [
        'Any piece except the king may, as its turn, leap to an **empty** cell with the same name: from a level to the same cell of either other level (`Wb1-Nb1`), or from a platform to the same cell of any other platform, whoever owns it (`Wa1u:a2-Bd4u:a2`). A warp leap never captures.',
      ],
    },
    {
      id: 'platforms',
      title: 'Moving platforms',
      blocks: [
        'Each platform has an owner, which never changes. As your turn you may move a platform **you own** that is **empty** to any other vacant pin, either way up: `Wa1u-Nd4d`. There is no lock as in First Contact, and a platform does not turn over on its own pin.',
      ],
      diagrams: [
        {
          id: 'platform',
          position: `4/4/4/K3|4/4/4/4|k3/3R/4/4 ${WF_PLATFORMS} - w - -`,
          from: 'Wa1u',
          caption: 'White\u2019s empty platform `Wa1u` may go to any vacant pin, upright or inverted.',
        },
      ],
    },
    winning(
      '**Checkmate wins**: the king is attacked and no turn saves it. A turn may never leave your own king attacked. A player with no legal turn who is not in check is stalemated: a draw. Games also end by resignation, an agreed draw, running out of time, or the same position coming up a third time (a draw).',
      {
        id: 'mate',
        position: WF_BEFORE_MATE,
        play: 'Bb1-Bb3',
        caption: 'The queen slides up to `Bb3`, guarded by the rook on `Bd3`: Black\u2019s king on `Ba4` is attacked and has nowhere to go. Checkmate.',
      },
    ),
  ],
  notation: notation(
    'Every turn is one short line. The server adds `+` to a turn that attacks the enemy king and `#` to a checkmate. You may also type a piece letter in front (`BWb1-Nb1`) and lower-case level and file letters (`wb1-nb1`).',
    [
      ...playedIn(WF_START, [
        ['Wb2-Wb3', 'move a piece'],
        ['Wb1-Nb1', 'warp leap to the same cell of another level'],
      ]),
      ...playedIn(`4/4/4/K3|4/4/4/4|k2b/3R/4/4 ${WF_PLATFORMS} - w - -`, [['Bd3xBd4+', 'capture']]),
      ...playedIn(WF_BEFORE_MATE, [
        ['Wa1u-Wa4d', 'move your own empty platform to a vacant pin'],
        ['Bb1-Bb3#', 'checkmate'],
      ]),
      ...playedIn(WF_START, [['wb1-nb1', 'the warp leap, typed loosely']], { loose: true }),
    ],
  ),
};

const curvedSpace: RulesText = {
  summary:
    'Numbered platforms thread a worm-hole across the field. Pieces move on their own level as in ordinary chess, or through the worm-hole: checkmate wins.',
  sections: [
    field(
      [],
      [
        'In Curved Space the platforms are **numbered** 1, 2, 3 \u2026 (the game says how many, 1 to 12). Pieces do not move through space: they move on their own level, or through the worm-hole.',
      ],
    ),
    {
      id: 'setup',
      title: 'Setting up and playing',
      blocks: [
        [
          '**Platforms.** White first, then alternately, each places one not yet placed platform, any number, on a vacant pin, upright or inverted: `2@Nd1d` puts platform 2 on pin `Nd1`, inverted.',
          '**Kings.** Then each puts the king on an empty cell of their own level (White on W, Black on B) where it is not attacked: `K@Wd4`.',
          '**Play.** Then each turn is a **drop** of a piece from your hand onto an empty cell of your own level (never a platform), or a **piece move**.',
        ],
      ],
      diagrams: [{ id: 'start', position: CS_START, caption: 'The start: the field is empty, the four platforms and both sets are in hand.' }],
    },
    {
      id: 'level',
      title: 'Moves on a level',
      blocks: [
        'On its level a piece moves as in ordinary chess on a 4x4 board and never leaves the level that way. Pawns step one cell orthogonally (forwards, backwards or sideways) onto an empty cell and capture one cell diagonally; they never promote.',
      ],
      diagrams: [
        {
          id: 'knight',
          position: cs('3K/1N2/4/4', '4/4/4/4', '4/4/4/k3', CS_PLATFORMS, csRest('QRRBBNPPPPPPPP')),
          from: 'Wb3',
          caption: 'A knight on `Wb3` leaps on its level to the marked cells, and has one worm-hole step too: `Wa1u:b1` (see below).',
        },
      ],
    },
    {
      id: 'wormhole',
      title: 'The worm-hole',
      blocks: [
        'The worm-hole is a chain of **layers** of four cells each, lettered **w x y z**: the four centre cells of a level (`w` = b3, `x` = c3, `y` = b2, `z` = c2) and the four cells of every platform (`w` = a2, `x` = b2, `y` = a1, `z` = b1). The board writes the letter in the corner of each of these cells.',
        'The platforms build the chain in the order of their numbers: platform k on level L adds **L then Pk** if it is upright, **Pk then L** if it is inverted, and the same level twice in a row is written once. The board writes the chain under the field and draws it as a purple line through the layers, numbered in order. With platforms 1 `Wa1u`, 2 `Nd1d`, 3 `Bd4u`, 4 `Na4u` the chain is **W P1 P2 N B P3 N P4**.',
        'A level can appear more than once (here N): it is still one set of four cells, and a piece on it may leave by either place. A level that does not appear at all is linked by the default chain W \u2013 N \u2013 B to its neighbours (the board adds it after a comma, e.g. `, W-N`).',
        'Between two neighbouring layers the letters say the direction: the **same letter** is an orthogonal step, **neighbouring letters** (w\u2013x, w\u2013y, x\u2013z, y\u2013z) a diagonal step, **opposite letters** (w\u2013z, x\u2013y) a triagonal step.',
        [
          '**Rook**: slides from layer to layer keeping its letter.',
          '**Bishop**: slides diagonally, turning the same way at every step: clockwise w \u2192 x \u2192 z \u2192 y or counter-clockwise w \u2192 y \u2192 z \u2192 x.',
          '**Queen**: a rook\u2019s or a bishop\u2019s slide. **King**: one orthogonal or diagonal step into the next layer. **Knight**: one triagonal step into the next layer. **Pawn**: one orthogonal step onto an empty cell, or a diagonal step to capture.',
        ],
        'A slide stops at the first occupied cell (capturing an enemy piece there), never turns straight back, never enters the same cell twice, and follows every branch. A turn is a level move or a worm-hole move, never a mix. A piece on a level\u2019s centre has both kinds; on a platform only worm-hole moves; on a level\u2019s edge only level moves.',
      ],
      diagrams: [
        {
          id: 'rook',
          position: CS_ROOK,
          from: 'Wb3',
          caption:
            'A rook on `Wb3` (the w cell of W): along its level, and through the worm-hole keeping the letter w \u2014 `Wa1u:a2`, `Nd1d:a2`, `Nb3`, `Bb3`, `Bd4u:a2`. It stops there: the next layer is N again, whose w cell it has already crossed.',
        },
        {
          id: 'bishop',
          position: cs('3K/1B2/4/4', '4/4/4/4', '4/4/4/k3', CS_PLATFORMS, csRest('QRRBNNPPPPPPPP')),
          from: 'Wb3',
          caption: 'A bishop on `Wb3`: its level\u2019s diagonals, and the two worm-hole spirals, clockwise and counter-clockwise.',
        },
        {
          id: 'default-chain',
          position: cs('3K/4/4/4', '4/4/4/4', '4/4/4/k3', 'Nd1d*2:2/2,Na4u*4:2/2,Ba1d*1:2/2,Bd4u*3:2/2', csRest('QRRBBNNPPPPPPPP')),
          caption: 'Platform 1 on `Ba1d` instead: W is no longer in the chain P1 B P2 N B P3 N P4, so the default chain links it to N (`, W-N`).',
        },
      ],
    },
    {
      id: 'after-capture',
      title: 'Moving platforms after a capture (a game option)',
      blocks: [
        'With the option \u201cplatforms may move after a capture\u201d, a turn that captures may go on with one platform move: any platform that is empty after the capture goes to any vacant pin, either way up, or turns over on its own pin. It keeps its number, so the worm-hole changes shape. It is written after an `&`: `Wb3xNb3&Wa1u-Ba1d`. Without the option, and on a turn without a capture, platforms never move.',
      ],
    },
    winning(
      'A king is in check when an enemy piece could capture it by a level move or a worm-hole move. No turn may leave your own king in check (a drop may block a check). **Checkmate wins**; a player with no legal turn who is not in check is stalemated, a draw. Games also end by resignation, an agreed draw, running out of time, or the same position a third time (a draw).',
      {
        id: 'mate',
        position: cs('4/4/4/K3', '4/4/4/4', 'k3/3R/4/2R1', CS_PLATFORMS, '- w - -'),
        play: 'Bc1-Bc4',
        caption:
          'Black\u2019s king on `Ba4`, a corner, has only level moves. The rook on `Bd3` guards rank 3, the other rook comes to `Bc4` with check along rank 4: checkmate.',
      },
    ),
  ],
  notation: notation(
    'Every turn is one short line. The server adds `+` to a turn that gives check and `#` to a checkmate. You may also type a piece letter in front (`RWb3-Bb3`) and lower-case level and file letters (`wb3-bb3`).',
    [
      ...playedIn(CS_START, [['3@Bd4u', 'place platform 3 on a vacant pin (u upright, d inverted)']]),
      ...playedIn(cs('4/4/4/4', '4/4/4/4', '4/4/4/4', CS_PLATFORMS, `KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w - -`), [
        ['K@Wd4', 'place your king on your own level'],
      ]),
      ...playedIn(CS_ROOK, [
        ['N@Wc1', 'drop a piece on your own level'],
        ['Wb3-Bb3', 'move through the worm-hole'],
      ]),
      ...playedIn(
        cs('3K/1R2/4/4', '4/1p2/4/4', '4/4/4/k3', CS_PLATFORMS, csRest('QRBBNNPPPPPPPP', ' after-capture')),
        [['Wb3xNb3&Wa1u-Ba1d', 'capture, then move an empty platform (option)']],
        { options: CS_AFTER },
      ),
      ...playedIn(CS_ROOK, [['wb3-bb3', 'the worm-hole move, typed loosely']], { loose: true }),
    ],
  ),
};

/** Every variant's rules page; plain data (it crosses the picture Worker's RPC). */
export type RulesContent = Record<VariantName, RulesText>;

export const RULES: RulesContent = {
  'first-contact': firstContact,
  'warp-factor': warpFactor,
  'curved-space': curvedSpace,
  planar,
};
