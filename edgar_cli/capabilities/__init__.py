"""The capabilities: one folder each (its functions, result model and declaration), listed in registry.py.

Importing this package lends vocabulary the CLI commands the declarations name; the registry and the
declarations are read when a message first spells a command on the CLI, not before.
"""

from collections.abc import Mapping

from .. import vocabulary


def _commands() -> Mapping[str, str]:
    from .registry import commands

    return commands()


vocabulary.use_commands(_commands)
