// Planar Chess's rules page (rules-content.ts gathers every variant's): the cube, planes and
// orientation, with diagrams and notation examples the service test replays.
import { notation, playedIn, winning, type RulesText } from './rules-text.ts';

const PL_START = '4/4/4/4|4/4/4/4|4/4/4/4|4/4/4/4 KQRRBBNNPPPPPPPPkqrrbbnnpppppppp w';
const pl = (a: string, b: string, c: string, d: string, hands = '-', turn = 'w') => `${a}|${b}|${c}|${d} ${hands} ${turn}`;
/** White to mate: the queen comes to `Ab2`, guarded down file b by the YZ rook on `Db2`. */
const PL_MATE = pl('4/4/3Q/k3', '4/4/4/4', '4/4/4/4', '3K/4/1Ry2/4');
const PL_PLAY = pl('k3/4/4/4', '4/4/1R2/4', '4/4/4/4', '4/4/4/3K', 'QRBBNNPPPPPPPPqrrbbnnpppppppp');

export const planar: RulesText = {
  summary: 'A 4x4x4 cube. Every piece plays ordinary chess inside one plane through its cell, and turning it to another plane is a turn: checkmate wins.',
  sections: [
    {
      id: 'cube',
      title: 'The cube',
      blocks: [
        'The cube has four levels, **A** (lowest) to **D** (highest), each a 4x4 board with files `a`\u2013`d` and ranks `1`\u2013`4`. A cell is written level, file, rank: `Ab1` is on the lowest level; `Bb2` is straight above `Ab2`. The board draws the four levels side by side, A at the bottom.',
      ],
    },
    {
      id: 'planes',
      title: 'The three planes and orientation',
      blocks: [
        'Every cell lies in three flat slices of 16 cells, the **planes**. A piece\u2019s **orientation** says which one it lives in, and it plays ordinary 4x4 chess inside that plane only:',
        [
          '**XY** (no badge): its own level \u2014 files and ranks.',
          '**XZ** (red badge): its rank on every level \u2014 files and height.',
          '**YZ** (black badge): its file on every level \u2014 ranks and height.',
        ],
        'Rook, bishop, queen, king and knight move as in chess within the plane. A pawn has no \u201cforwards\u201d: it steps one cell orthogonally in the plane onto an empty cell, and captures one cell diagonally in the plane; pawns never promote. A piece captures any enemy piece in its plane, whatever that piece\u2019s own orientation.',
        '**Re-orientation**: instead of moving, you may turn one of your pieces to one of its other two orientations, leaving it on its cell (`Bb2=YZ`). That may give check, like a move. When you are in check, turning a piece changes nothing and is not allowed.',
      ],
      diagrams: [
        { id: 'rook-xy', position: PL_PLAY, from: 'Bb2', caption: 'A rook on `Bb2` oriented XY: along its rank and file on level B.' },
        {
          id: 'rook-xz',
          position: pl('k3/4/4/4', '4/4/1Rx2/4', '4/4/4/4', '4/4/4/3K', 'QRBBNNPPPPPPPPqrrbbnnpppppppp'),
          from: 'Bb2',
          caption: 'The same rook oriented XZ (red badge): along rank 2, and up and down through the levels.',
        },
        {
          id: 'rook-yz',
          position: pl('k3/4/4/4', '4/4/1Ry2/4', '4/4/4/4', '4/4/4/3K', 'QRBBNNPPPPPPPPqrrbbnnpppppppp'),
          from: 'Bb2',
          caption: 'Oriented YZ (black badge): along file b, and up and down through the levels.',
        },
        {
          id: 'knight-xz',
          position: pl('k3/4/4/4', '4/4/1Nx2/4', '4/4/4/4', '4/4/4/3K', 'QRRBBNPPPPPPPPqrrbbnnpppppppp'),
          from: 'Bb2',
          caption: 'A knight on `Bb2` oriented XZ leaps within rank 2 of all four levels.',
        },
      ],
    },
    {
      id: 'playing',
      title: 'Setting up and playing',
      blocks: [
        'The cube starts empty; each player holds a whole set.',
        [
          '**Kings.** White, then Black, places the king on any vacant cell in any orientation, so that neither king attacks the other: `K@Bb2=XZ`.',
          '**Play.** Then each turn is one of: **drop** a piece from your hand onto any vacant cell in any orientation (a drop may not attack the enemy king); **move** a piece inside its plane; **re-orient** a piece.',
        ],
        'Because the kings can face different planes, one king can attack the other without being attacked back.',
      ],
      diagrams: [{ id: 'start', position: PL_START, caption: 'The start: an empty cube, both sets in hand.' }],
    },
    winning(
      '**Checkmate wins**: the king is attacked and no turn saves it (you must move the king, capture, or block by a move or a drop). A stalemate would be a draw, but a player not in check can always turn the king. Games also end by resignation, an agreed draw, running out of time, or the same position a third time (a draw).',
      {
        id: 'mate',
        position: PL_MATE,
        play: 'Ad2-Ab2',
        caption:
          'White\u2019s queen (XY) comes to `Ab2`, next to Black\u2019s king on `Aa1`, guarded by the rook on `Db2`, whose YZ plane runs down file b through all the levels. Checkmate.',
      },
    ),
  ],
  notation: notation(
    'Every turn is one short line. The server adds `+` to a turn that gives check and `#` to a checkmate. When you type, a drop without orientation means XY (`K@Bb2` = `K@Bb2=XY`), and letters may be lower case (`bb2=yz`).',
    [
      ...playedIn(PL_START, [['K@Bb2=XZ', 'place your king, with its orientation']]),
      ...playedIn(PL_PLAY, [
        ['N@Cc3=YZ', 'drop a piece with its orientation'],
        ['Bb2-Bb4', 'move'],
        ['Bb2=YZ', 're-orient a piece'],
      ]),
      ...playedIn(PL_MATE, [['Ad2-Ab2#', 'checkmate']]),
      ...playedIn(PL_PLAY, [['bb2=yz', 'the re-orientation, typed loosely']], { loose: true }),
    ],
  ),
};
