"""Hand-potential kernel of ``percentile``: every opponent hand against every runout."""

from __future__ import annotations

from pokercli._kernels.evaluator import hand_value
from pokercli._kernels.jit import jit

@jit
def potentials(hero_final, runout_keys, runout_masks, opp_keys, opp_masks, opp_weights, opp_state,
               base_key, base_mask, card_keys, offsets, rank_score, flush_score, hp):
    """Hand-potential matrix over every opponent hand and runout.

    ``opp_state[j]`` is 0/1/2 when our hand is ahead of / tied with / behind
    opponent hand ``j`` now; ``hero_final[r]`` is our score after runout ``r``.
    ``hp[now, final]`` accumulates the weight of each (opponent hand, runout)
    pair by its state now and at showdown (0 ahead, 1 tied, 2 behind).
    Runouts that use an opponent's card are skipped for that opponent.

    ``hero_final``: uint32[runouts], our score after each runout;
    ``runout_keys``/``runout_masks``: int64[runouts], the runouts' card keys
    summed and their 52-bit masks; ``opp_keys``/``opp_masks``:
    int64[opponents], each opponent hand's two card keys summed and its mask;
    ``opp_weights``: float64[opponents]; ``opp_state``: int64[opponents];
    ``base_key``/``base_mask``: the board (``KEY_INIT`` included in the key);
    ``rank_score``/``flush_score``: score tables; ``hp``: float64[3, 3], added to.
    """
    for j in range(opp_keys.shape[0]):
        now = opp_state[j]
        w = opp_weights[j]
        k = base_key + opp_keys[j]
        m = base_mask | opp_masks[j]
        for r in range(runout_keys.shape[0]):
            if runout_masks[r] & opp_masks[j]:
                continue
            s = hand_value(k + runout_keys[r], m | runout_masks[r], offsets, rank_score, flush_score)
            h = hero_final[r]
            if h > s:
                hp[now, 0] += w
            elif h == s:
                hp[now, 1] += w
            else:
                hp[now, 2] += w
