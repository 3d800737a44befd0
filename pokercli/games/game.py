"""The :class:`Game` a registry entry is (its parts are in :mod:`pokercli.games.rules`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Optional

from pokercli.errors import PokerError
from pokercli.games.rules import Dealing, Engine, HandRule, Pot, StartingHands

#: The game a call means when it names none; results name any other.
DEFAULT = "holdem"


@dataclass(frozen=True)
class Game:
    """One game: what it deals, how it values hands and shares the pot, and
    which engine computes it. A deal layout (draw, Hearts, Big Two) has a
    deck and a dealing only."""

    name: str
    description: str
    #: Card ids in play (a short deck leaves some out).
    deck: tuple[int, ...]
    dealing: Dealing
    rule: Optional[HandRule] = None
    pot: Pot = Pot()
    engine: Optional[Engine] = None
    #: Starting-hand classes (``AKs``) and their equities, where the game has them.
    classes: Optional[StartingHands] = None
    #: What ``--game``'s help says of it (None: another entry's words cover it).
    help: Optional[str] = None

    @property
    def hole_cards(self) -> int:
        return self.dealing.hole_cards

    @property
    def board_cards(self) -> int:
        return self.dealing.board_cards

    @property
    def board_sizes(self) -> tuple[int, ...]:
        return self.dealing.board_sizes

    @property
    def given_board_sizes(self) -> tuple[int, ...]:
        """The boards a spot or a showdown may give: the game's, and stud's one
        community card (``Dealing.community_last``)."""
        return self.dealing.board_sizes + ((1,) if self.dealing.community_last else ())

    @cached_property
    def left_out(self) -> tuple[int, ...]:
        """The card ids this game's deck does not hold (a short deck's twos to fives;
        worked out once: batch readers ask it for every line)."""
        deck = set(self.deck)
        return tuple(c for c in range(52) if c not in deck)

    @property
    def deck_note(self) -> str:
        """What to add when a card is outside the deck: ``(its deck is ...)``, or ""."""
        if not self.left_out:
            return ""
        from pokercli.cards import RANK_CHARS

        ranks = sorted({c % 13 for c in self.deck})
        words = {4: "sixes", 12: "aces"}
        low, high = words.get(ranks[0], RANK_CHARS[ranks[0]]), words.get(ranks[-1], RANK_CHARS[ranks[-1]])
        return f" (its deck is the {low} to the {high})"

    def players_note(self, players: int) -> str:
        """What to add when the deck cannot deal ``players``: stud's community card, or ""."""
        if self.dealing.community_last:
            each = self.dealing.hole_cards - 1
            return f" (or {each * players + 1} with one community card as every player's last)"
        return ""

    def check_deck(self, cards, what: str, parameter: str) -> None:
        """:class:`PokerError` when ``cards`` hold a card this game does not use."""
        left_out = set(self.left_out)
        if left_out:
            outside = [c for c in cards if c in left_out]
            if outside:
                from pokercli.cards import card_name

                raise PokerError(f"{what} holds {card_name(outside[0])}, which {self.name} does not "
                                 f"use{self.deck_note}", parameter)

    @property
    def has_board(self) -> bool:
        """Whether the game deals a board (stud does not: views then leave the board out)."""
        return self.dealing.board_cards > 0

    @property
    def takes_ranges(self) -> bool:
        """Whether a player may be a range or ``random`` (stud players are the cards dealt so far)."""
        return not self.dealing.hand_sizes

    @property
    def deal_word(self) -> str:
        """What an exact count counts: ``boards`` (runouts of a board) or ``deals`` (stud's cards to come)."""
        return "boards" if self.has_board else "deals"

    def read_hand(self, value, what: str):
        """A hand given as text in the game's own notation (stud's down cards in
        parentheses) as card ids; anything else as it is, for the plain card
        parser. A hand with unknown cards (stud's ``x``) is refused: it has no value."""
        if isinstance(value, str) and self.dealing.notation:
            from pokercli.games.rules import load

            hand = load(self.dealing.notation)(value, what)
            if hand.unknown:
                raise PokerError(f"{what} {value.strip()!r} has unknown cards (x): a hand is valued from "
                                 "every card; unknown down cards are for equity", what.split()[0])
            return list(hand.cards)
        return value

    @property
    def in_json(self) -> dict[str, Any]:
        """What a result's JSON says of the game: nothing for the default game."""
        return {} if self.name == DEFAULT else {"game": self.name}

    @property
    def label(self) -> str:
        """The game's name and a space before a title, or "" for the default game."""
        return "" if self.name == DEFAULT else f"{self.name} "
