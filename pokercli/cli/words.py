"""Words the shell split that the user meant as one, found before a command
parses them (:func:`split_words`): ``--board Kd 7c 2h`` gives ``--board``
the ``Kd`` alone and leaves ``7c 2h`` to the command. Where such a split
cannot be meant, or could be meant two ways that both make a question, the
Typer app (:mod:`pokercli.cli.app`) refuses it in one line saying how to
write it; ``docs/equity.md`` ("Words the shell split") lists the cases.
"""

from __future__ import annotations

import os
import re
from typing import Any, Optional

from pokercli.errors import PokerError


#: Options whose value is a list; the commands where the words after a value
#: of one item, if they are such items too, were meant as more of them; what
#: its items are; and, where those words could also be the command's own (an
#: ambiguity refused), what they would be. A board is never one card, the
#: other words of ``equity``, ``rank`` with a board, ``outs``, ``percentile``
#: and ``hits`` (players, hole cards, ranges) never are, and ``deal`` takes
#: no words: ``--board Kd 7c 2h`` is plainly the board (a draw game's player
#: may be one kept card, but ``--dead 2c 3c`` is refused there too).
#: ``icm``'s stacks are numbers as its payouts are, so ``-p 50 30 20`` paid 50
#: to five players; ``combos``' hand is cards as ``--beats`` is (``draw``'s is
#: too, but only one reading of its words makes a hand of five, and the other
#: reading's errors name what was read).
_LIST_OPTIONS = (
    (("--board", "-b"), ("equity", "rank", "outs", "percentile", "hits"), "cards", None),
    (("--dead", "-d"), ("equity", "outs", "percentile", "hits", "deal"), "cards", None),
    (("--beats",), ("combos",), "cards", "the hand"),
    (("--payouts", "-p"), ("icm",), "numbers", "stacks"),
)
#: Options whose value (a range, cards) may have more words, in a command whose
#: own words are one list of the same kind: the command's words on both sides
#: of the option (``hits QQ+ --board Kd7c2h --vs JJ AK``) are refused, since
#: the words after it could be the option's (``--vs 'JJ AK'``).
_SPLIT_AROUND = {("hits", "--vs"): "range", ("combos", "--beats"): "hand"}
_NUMBER = re.compile(r"\d+(\.\d*)?%?")
_OPTION = re.compile(r"--?[A-Za-z][-A-Za-z0-9]*")


def _words_of(group: Any, words: list[str]) -> Optional[tuple[str, list[tuple[Optional[str], str]], bool,
                                                                list[tuple[str, str]]]]:
    """The command that ``words`` run, its words after its name, each as (the
    option it is the value of, or None for the command's own word, the word;
    a flag is (itself, "")), read by the command's options (which take a
    value), whether the command takes words of its own, and each giving of
    an option that takes a value (its long name, its value); None where no
    command is named or a word is an option the command lacks (its parser
    names that)."""
    at = next((i for i, w in enumerate(words) if not w.startswith("-")), None)
    command = group.commands.get(words[at]) if at is not None else None
    if command is None:
        return None
    takes = {}
    names: dict[str, str] = {}
    known = {"--help", "-h"}
    for param in command.params:  # typer may carry its own copy of click: read by duck type
        if param.param_type_name == "option":
            known.update((*param.opts, *param.secondary_opts))
        if param.param_type_name == "option" and not getattr(param, "is_flag", False) and not getattr(
                param, "count", False):
            for form in (*param.opts, *param.secondary_opts):
                takes[form] = max(param.nargs, 1)
                names[form] = max(param.opts, key=len)  # (its long form: -b is --board)
    if any(_OPTION.fullmatch(w.partition("=")[0]) and w.partition("=")[0] not in known
           for w in words[at + 1:] if w != "--"):
        return None  # an option the command does not have: its parser names it (its value read here as a word)
    out: list[tuple[Optional[str], str]] = []
    given: list[tuple[str, str]] = []
    i = at + 1
    while i < len(words):
        word = words[i]
        form, eq, attached = word.partition("=")
        if word == "--":
            out += [(None, w) for w in words[i + 1:]]
            break
        if word.startswith("-") and word != "-" and form in takes:
            if eq:
                out.append((form, attached))
                given.append((names[form], attached))
                i += 1
            else:
                out += [(word, w) for w in words[i + 1:i + 1 + takes[word]]]
                given.append((names[word], " ".join(words[i + 1:i + 1 + takes[word]])))
                i += 1 + takes[word]
            continue
        out.append((word, "") if word.startswith("-") and word != "-" else (None, word))  # a flag: no word
        i += 1
    return words[at], out, any(param.param_type_name == "argument" for param in command.params), given


def split_words(group: Any, words: list[str]) -> Optional[str]:
    """The one line for words the shell split that the user meant as one:
    a list option's items written as words of their own (``--board Kd 7c
    2h``: the option gets ``Kd``, players or stray words the rest; ``icm 50 30
    -p 50 30 20``: two more stacks), a range split after a comma (``--vs
    JJ, AK``; ``equity AsKs QQ+, AK``: three players), a command's words on
    both sides of an option that could take them, a hand split into words
    where each word is a hand (``rank As Ks --board …``) or where one hand is
    taken (``percentile As Ks``), a word after an option's value in a command
    that takes none (``table --classes QQ+ AKs``), and a ``--hero`` name
    split at its space.
    None when there are none."""
    read = _words_of(group, words)
    if read is None:
        return None
    command, parsed, has_words, given = read
    from pokercli.cards import SPELLINGS, parse

    def item(word: str, kind: str) -> bool:
        return word in SPELLINGS if kind == "cards" else _NUMBER.fullmatch(word) is not None

    def cards(word: str) -> bool:
        try:
            return bool(parse(word))
        except PokerError:
            return False

    def follows(i: int) -> Optional[str]:
        """The command's own word right after word ``i``, if any."""
        return parsed[i + 1][1] if i + 1 < len(parsed) and parsed[i + 1][0] is None else None

    def continued(i: int) -> bool:
        """Whether word ``i`` ends with a comma and a word of the command's own follows."""
        word = parsed[i][1]
        return follows(i) is not None and word.endswith(",") and bool(word.strip(","))

    twice = _given_twice(given)
    if twice is not None:
        return twice
    mine = [i for i, (option, _) in enumerate(parsed) if option is None]
    # equity's players split after a comma: 'AsAh, KsKh' are two players either way (joined, one
    # player is no spot), but 'AsKs QQ+, AK' is two players joined and three apart: refused
    ambiguous = len(mine) - sum(continued(i) for i in mine) >= 2
    for i, (option, word) in enumerate(parsed):
        after = follows(i)
        if continued(i) and (option is not None or ambiguous):
            joined = f"'{word} {after}'"
            if option is not None:
                return (f"{option} {word!r} ends with a comma and {after} follows as a word of its own: "
                        f"write a list with spaces in quotes ({option} {joined})")
            if command == "equity":
                return (f"player {word!r} ends with a comma and {after} follows as a word of its own, one "
                        f"range or two players: write a range with spaces in quotes ({joined}), and players "
                        "without the comma")
        for forms, commands, kind, others in _LIST_OPTIONS:
            if option not in forms or command not in commands:
                continue
            if not (item(word, kind) or (kind == "cards" and others is None and cards(word))):
                continue  # (where the words after it are never its own, a value of several cards too)
            rest = []
            for of, more in parsed[i + 1:]:
                if of is not None or not item(more, kind):
                    break
                rest.append(more)
            if not rest:
                continue
            items = [word, *rest]
            name = forms[0]
            start = f"{name} {word!r} is followed by {' '.join(rest)} as words of their own"
            if kind == "numbers":
                return (f"{start}, payouts or {others}: write several payouts with commas "
                        f"({name} {','.join(items)}), and the {others} before {name}")
            if others is None:
                together = "".join(w.replace(" ", "").replace(",", "") for w in items)
                return (f"{start}: write its cards in quotes ({name} '{' '.join(items)}') or together "
                        f"({name} {together})")
            return (f"{start}, more of its cards or {others}: write several of its cards in quotes "
                    f"({name} '{word} {rest[0]}'), and {others} before {name}")
        if command == "hh" and option == "--hero" and after is not None and after != "-" and \
                not os.path.exists(after):  # hh's words are files: a name split at its space
            return (f"--hero {word!r} is followed by {after}, which is no file: a name with spaces goes in "
                    f"quotes (--hero '{word} {after}')")
        what = _SPLIT_AROUND.get((command, option))
        if what is not None and after is not None and mine and mine[0] < i:
            before = " ".join(parsed[j][1] for j in mine if j < i)
            return (f"the {what} is written on both sides of {option} {word!r} ({before} before, {after} "
                    f"after), and {after} could be the option's: write its value in quotes "
                    f"({option} '{word} {after}') and the {what}'s words before it")
    if not has_words and mine and mine[0] > 0 and parsed[mine[0] - 1][0] is not None \
            and parsed[mine[0] - 1][1]:  # a command of options alone: a stray word after an option's value
        option, value = parsed[mine[0] - 1]
        stray = []
        for of, word in parsed[mine[0]:]:
            if of is not None:
                break
            stray.append(word)
        return (f"{command} takes no words of its own, and {' '.join(stray)} "
                f"follow{'s' if len(stray) == 1 else ''} {option} {value!r}: write a value with spaces in "
                f"quotes ({option} '{' '.join([value, *stray])}')")
    if command in ("percentile", "outs") and len(mine) > 1 and all(parsed[i][1] in SPELLINGS for i in mine):
        hand = " ".join(parsed[i][1] for i in mine)  # their one hand as words of its own
        return (f"{command} takes one hand, and {hand} are its cards as words of their own: write them in "
                f"quotes ('{hand}') or together ({hand.replace(' ', '')})")
    if command == "rank" and len(mine) > 1 and any(o in ("--board", "-b") for o, _ in parsed):
        single = [parsed[i][1] for i in mine if parsed[i][1] in SPELLINGS]
        if single:  # with a board each word is a hand: 'rank As Ks --board ...' was two one-card hands
            hands: list[list[str]] = []  # each run of one-card words as one hand, the way to write it
            for i in mine:
                word = parsed[i][1]
                if word in SPELLINGS and hands and hands[-1][-1] in SPELLINGS:
                    hands[-1].append(word)
                else:
                    hands.append([word])
            start = (f"with --board each word is a hand, and {' '.join(single)} "
                     f"{'is one card' if len(single) == 1 else 'are one card each'}")
            if all(len(h) == 1 for h in hands):
                return f"{start}, not a hand's cards"
            shown_hands = " ".join(f"'{' '.join(h)}'" if len(h) > 1 else h[0] for h in hands)
            return f"{start}: a hand of several words goes in quotes ({shown_hands})"
    return None


def _given_twice(given: list[tuple[str, str]]) -> Optional[str]:
    """The line for an option that takes a value given twice (``--board Kd7c2h
    --board 5s``, ``-s 1 --seed 2``): the parser keeps the last and drops the
    first without a word, where a user may have meant both; None when none is.
    ``given``: each giving's option (its long name) and value, in order."""
    values: dict[str, list[str]] = {}
    for name, value in given:
        values.setdefault(name, []).append(value)
    lists = {form for forms, _, kind, _ in _LIST_OPTIONS if kind == "cards" for form in forms}
    for name, each in values.items():
        if len(each) > 1:
            shown = " and ".join(repr(v) for v in each)
            hint = (f": write its cards once, in quotes ({name} '{' '.join(each)}')" if name in lists
                    else ": give it once")
            times = "twice" if len(each) == 2 else f"{len(each)} times"
            return f"{name} is given {times} ({shown}), and only the last would count{hint}"
    return None
