"""Exceptions with messages that say what was wrong and what is allowed."""


class NemesisError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalActionError(NemesisError, ValueError):
    """An action id that is not legal in the current state."""


class DataError(NemesisError, ValueError):
    """A malformed component data file (unknown or missing keys, bad values)."""


class ParamError(NemesisError, ValueError):
    """An unknown game parameter or a value outside its allowed range."""


class ScenarioError(NemesisError, ValueError):
    """A scenario document that is malformed or describes an impossible state."""


class CheckpointError(NemesisError, ValueError):
    """A checkpoint or saved game that does not match the running rules or config."""


class NotResetError(NemesisError, RuntimeError):
    """An env stepped or observed before its first reset()."""
