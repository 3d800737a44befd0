"""The one error type for the user's mistakes (exit status 2)."""


class InputError(ValueError):
    """Bad input from the user: printed as one line on stderr, exit status 2."""

    exit_code = 2
