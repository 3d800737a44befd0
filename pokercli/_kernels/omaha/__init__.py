"""Private Numba kernels of the Omaha games: exactly two hole cards and three board cards.

One module per concern: :mod:`.tables` builds the lookup tables and
:mod:`.lookup` loads and caches them; :mod:`.evaluate` values hands on boards
(the batch kernels and the helpers every kernel shares); :mod:`.deals`
enumerates and samples deals into showdown tallies; :mod:`.rankboards` counts
a deal's boards by rank multiset; :mod:`.potentials` values a hand's runouts
against weighted opponents.

A hand's high value is the best five-card hand made of exactly two of its
hole cards and exactly three board cards. Instead of scoring every such
five-card hand (6 x 10 = 60 for four hole cards), the tables of
:mod:`pokercli._kernels.omaha.lookup` answer per four hole **ranks** (no
flush) and per suited hole **pair** (flushes):

================  ======================  =============================================
parameter         array                   what it holds
================  ======================  =============================================
``card_keys``     int64[52]               the evaluator's card keys
                                          (:mod:`pokercli._kernels.evaluator`)
``offsets``       uint32[rows]            the evaluator's perfect-hash row offsets
``board_index``   uint16[slots]           by the perfect-hash slot of a five-card board's
                                          rank multiset: its number 0..6174
``pair_best``     uint16[6175 * 169]      by board number * 169 + ``13 * r1 + r2``
                                          (ranks ``r1 <= r2`` of a hole pair): the best
                                          strength without a flush of the pair and three
                                          of the board's cards
``quad_index``    uint16[169 * 169]       by ``169 * (13 * a + b) + 13 * c + d`` (ranks of
                                          four hole cards, in any order): the number
                                          0..1819 of their rank multiset
``quad_best``     uint16[1820 * 6175]     by quad number * 6175 + board number: the best
                                          strength without a flush of two of the four
                                          ranks and three of the board's (the largest
                                          ``pair_best`` of the quad's six pairs); five
                                          and six hole cards take the largest of three
                                          quads (``COVERS``: three four-card subsets
                                          hold every pair), so a board costs one or
                                          three reads of a 12 KB slice per hand
``flush_best``    uint16[8192 * 169]      by the 13-bit rank set of the board's cards of
                                          one suit (three or more) * 169 + ``13 * r1 + r2``
                                          (a hole pair of that suit): the best flush or
                                          straight flush of the pair and three of them
``low_best``      uint16[65536]           by ``256 * H + B`` (``H``, ``B``: the 8-bit sets
                                          of low ranks, ace = bit 0 .. eight = bit 7, of
                                          the hole and of the board): the best low of two
                                          hole and three board ranks as ``256 - ranks``
                                          (larger is better), 0 when none qualifies
``low_bits``      int64[52]               a card's low-rank bit (0 for nine and above)
``pair_code``     int64[52 * 52]          by ``52 * a + b``: the pair's rank index
                                          ``13 * r1 + r2``, plus ``256 * (suit + 1)``
                                          when both cards are of one suit
================  ======================  =============================================

Strengths are ``7463 - class`` (larger wins, equal ties), so a hand's high
value is the largest of its pairs' values. A five-card board holds three or
more cards of at most one suit, so at most one suit can make a flush; a
hand's flushes are then read for its pairs of that suit only. Scoring the
same five cards without their flush never overrates them, so the best of the
quad (or pairs') value and those flushes is the hand's value. Fixed hands
read ``quad_best``, and so do the batch kernels (:func:`evaluate_rows4` and
the five- and six-card ones); hands dealt anew each deal read ``pair_best``
by pair (one row per board, which stays in cache where a new quad each hand
would miss).

Showdown tallies (integers, added to):

* ``hi[p, n]``: boards (or samples) on which ``p`` has the best high hand
  among ``n`` players, when no low qualifies (every board, in games without
  a low); ``hl[p, n]`` the same on boards where a low qualifies;
* ``lo[p, n]``: boards on which ``p`` has the best low among ``n``;
* ``scoop[p]``: boards whose whole pot ``p`` takes alone;
* ``sq[p]``: the sum of the squares of ``p``'s pot share in units of
  ``1 / SHARE_UNIT`` (Monte Carlo's standard errors);
* ``stats[0]``: boards without a qualifying low (hi-lo games).
"""

