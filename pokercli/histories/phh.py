"""Reading PHH, the poker hand history format of the pokerkit authors
(TOML; the spec: github.com/uoftcprg/phh-std).

A ``.phh`` file holds one hand (its fields at the top level); a ``.phhs``
file holds many, each a TOML table (``[1]``, ``[2]``, ...) of those fields.
Each hand comes out as a :class:`pokercli.histories.hand.Hand`, replayed from
its actions, or as the :class:`pokercli.errors.PokerError` that says why it
could not be read (with the line of the action at fault when there is one).
"""

from __future__ import annotations

import re
import tomllib
from typing import TYPE_CHECKING, Iterator, Optional, Union

from pokercli.errors import PokerError

if TYPE_CHECKING:
    from pokercli.histories.hand import Hand

def _action_lines(text: str) -> dict[str, list[int]]:
    """Each quoted string of the text and the lines it is on (to name an action's line)."""
    lines: dict[str, list[int]] = {}
    for number_, line in enumerate(text.splitlines(), 1):
        for double, single in re.findall(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'', line):
            lines.setdefault(double or single, []).append(number_)
    return lines


def read(text: str, source: str = "-", number_from: int = 1) -> Iterator[Union[Hand, PokerError]]:
    """Every hand of a PHH (or PHHS) text: a Hand, or the PokerError naming
    why that hand could not be read (``.source``, ``.hand_id``, ``.line`` set)."""
    from pokercli.histories.hand import replay

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        err = PokerError(f"not a PHH file: {e}")
        err.source, err.hand_id, err.line = source, None, _toml_line(str(e))
        yield err
        return
    if "variant" in doc or "actions" in doc:
        hands = [(None, doc)]
    else:
        hands = [(str(key), value) for key, value in doc.items() if isinstance(value, dict)]
        if not hands:
            err = PokerError("not a PHH file: no 'variant' and no table of hands")
            err.source, err.hand_id, err.line = source, None, None
            yield err
            return
    where = _action_lines(text)
    for index, (key, fields) in enumerate(hands, number_from):
        hand_id = fields.get("hand", key if key is not None else None)
        hand_id = None if hand_id is None else str(hand_id)
        try:
            yield replay(fields, source=source, index=index, hand_id=hand_id)
        except PokerError as e:
            e.source, e.hand_id = source, hand_id if hand_id is not None else str(index)
            action = getattr(e, "action", None)
            e.line = where.get(action, [None])[0] if action is not None else None
            yield e


def _toml_line(message: str) -> Optional[int]:
    m = re.search(r"line (\d+)", message)
    return int(m.group(1)) if m else None


#: The order PHH's fields are written in (the rest follow, sorted).
_ORDER = ("variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
          "starting_stacks", "actions", "hand", "table", "players", "seats", "finishing_stacks",
          "winnings", "_rake", "_later_boards")


def _toml(value) -> str:
    import json
    from fractions import Fraction

    from pokercli.histories.variants import phh_number

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return phh_number(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string: JSON's escapes are TOML's
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise PokerError(f"cannot write {value!r} in PHH")


def dump_hand(hand: Hand, table: Optional[int] = None) -> str:
    """PHH text of one hand (its ``fields``): at the top level (a ``.phh``
    file), or as table ``[table]`` of a ``.phhs`` file."""
    fields = dict(hand.fields)
    keys = [key for key in _ORDER if key in fields] + sorted(set(fields) - set(_ORDER))
    lines = [f"[{table}]"] if table is not None else []
    for key in keys:
        value = fields[key]
        if key == "actions":
            lines.append("actions = [")
            lines += [f"  {_toml(str(a))}," for a in value]
            lines.append("]")
        elif not isinstance(value, (dict, type(None))):
            lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def dumps(hands: list[Hand]) -> str:
    """PHH text of hands: one hand at the top level, several as a ``.phhs``
    file (a table each: ``[1]``, ``[2]``, ...)."""
    if len(hands) == 1:
        return dump_hand(hands[0])
    return "\n".join(dump_hand(hand, k) for k, hand in enumerate(hands, 1))
