"""The one error type for the user's mistakes (exit status 2), and how messages quote input."""


class InputError(ValueError):
    """Bad input from the user: printed as one line on stderr, exit status 2."""

    exit_code = 2


#: Longest piece of the user's input a message repeats.
QUOTE_LIMIT = 40


def shown(text: object) -> str:
    """The user's input quoted for a message, cut to ``QUOTE_LIMIT`` characters
    (a 64 MB token is not echoed back whole).

    >>> shown("AsKs")
    "'AsKs'"
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    """
    text = str(text)
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return f"{text[:QUOTE_LIMIT]!r}"[:-1] + f"...' ({len(text)} characters)"
