"""Deal layouts without an equity: five-card draw, Hearts and Big Two.

``deal`` deals them; their own commands (``draw``, ``hearts``, ``combos``)
compute what they compute. They have no hand rule or engine here.
"""

from __future__ import annotations

from pokercli.games.game import Game
from pokercli.games.rules import Dealing


def definitions():
    full = tuple(range(52))
    return [
        Game("draw", "Five-card draw: five cards each, no board", deck=full,
             dealing=Dealing(hole_cards=5)),
        Game("hearts", "Hearts: the deck dealt to four players, thirteen cards each", deck=full,
             dealing=Dealing(hole_cards=13, players=4, fixed_players=4,
                             state="pokercli.hearts:deal_state")),
        Game("bigtwo", "Big Two: the deck dealt to four players, thirteen cards each", deck=full,
             dealing=Dealing(hole_cards=13, players=4, fixed_players=4)),
    ]
